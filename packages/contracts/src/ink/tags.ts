/**
 * The clip tags of an ink story. A tag on a line says which video of the storyfile plays with it:
 *
 *     I grew up by the sea. # answer: 6f1c…   (the recorded answer of that checklist question)
 *     Hello! # clip: intro                    (one of the storyfile's clips)
 *
 * Grammar (case-insensitive names, spaces around the colon optional):
 *     answer-tag = "answer" ":" <question id of the storyfile's checklist>
 *     clip-tag   = "clip" ":" ("intro" | "idle" | "cannot-answer" | "please-repeat")
 * Any other tag is the author's own and is left alone. A line with several clip tags plays the
 * last one.
 */
import type { ClipKind } from '../storyfiles/storyfile.ts';

export const INK_CLIP_TAG_NAMES = ['intro', 'idle', 'cannot-answer', 'please-repeat'] as const;
export type InkClipTagName = (typeof INK_CLIP_TAG_NAMES)[number];

export const INK_CLIP_TAG_KINDS: Readonly<Record<InkClipTagName, ClipKind>> = {
  intro: 'intro',
  idle: 'idle',
  'cannot-answer': 'cannotAnswer',
  'please-repeat': 'pleaseRepeat',
};

export type InkClipTag =
  | { kind: 'answer'; questionId: string }
  | { kind: 'clip'; clip: ClipKind }
  /** `answer:` or `clip:` with a value that is not allowed: a compile error. */
  | { kind: 'invalid'; message: string };

const TAG_PATTERN = /^\s*(answer|clip)\s*:\s*(.*?)\s*$/i;

/** Reads one tag's text (without its `#`); null for a tag that is not a clip tag. */
export function parseInkTag(tag: string): InkClipTag | null {
  const match = TAG_PATTERN.exec(tag);
  if (!match) {
    return null;
  }
  const name = match[1]!.toLowerCase();
  const value = match[2]!;
  if (name === 'answer') {
    return value === ''
      ? { kind: 'invalid', message: 'An answer tag needs a question id: # answer: <question id>.' }
      : { kind: 'answer', questionId: value };
  }
  const clip = INK_CLIP_TAG_KINDS[value.toLowerCase() as InkClipTagName];
  return clip
    ? { kind: 'clip', clip }
    : {
        kind: 'invalid',
        message: `Unknown clip "${value}": use one of ${INK_CLIP_TAG_NAMES.join(', ')}.`,
      };
}

/** The clip a line's tags ask for: the last clip tag wins; null when none. */
export function pickInkClipTag(tags: readonly string[]): InkClipTag | null {
  let picked: InkClipTag | null = null;
  for (const tag of tags) {
    const parsed = parseInkTag(tag);
    if (parsed && parsed.kind !== 'invalid') {
      picked = parsed;
    }
  }
  return picked;
}

export interface InkSourceTag {
  /** One-based line of the source. */
  line: number;
  /** Zero-based column of the tag's text (after `#`). */
  column: number;
  text: string;
}

/**
 * Every tag written in an ink source, with its line: text after an unescaped `#`, up to the next
 * `#` or the end of the line, outside `//` and `/* … *\/` comments. Tags built at run time from
 * expressions are not seen here; the runtime still reads them.
 */
export function findInkSourceTags(source: string): InkSourceTag[] {
  const tags: InkSourceTag[] = [];
  let isInBlockComment = false;
  source.split(/\r?\n/).forEach((rawLine, index) => {
    let line = rawLine;
    let offset = 0;
    if (isInBlockComment) {
      const end = line.indexOf('*/');
      if (end === -1) {
        return;
      }
      isInBlockComment = false;
      offset = end + 2;
    }
    let cursor = offset;
    let tagStart = -1;
    const close = (end: number) => {
      if (tagStart !== -1) {
        const text = line.slice(tagStart, end);
        const trimmed = text.trim();
        if (trimmed !== '') {
          tags.push({
            line: index + 1,
            column: tagStart + (text.length - text.trimStart().length),
            text: trimmed,
          });
        }
      }
      tagStart = -1;
    };
    while (cursor < line.length) {
      const char = line[cursor];
      if (char === '\\') {
        cursor += 2;
        continue;
      }
      if (char === '/' && line[cursor + 1] === '/') {
        break;
      }
      if (char === '/' && line[cursor + 1] === '*') {
        const end = line.indexOf('*/', cursor + 2);
        if (end === -1) {
          close(cursor);
          line = line.slice(0, cursor);
          isInBlockComment = true;
          break;
        }
        cursor = end + 2;
        continue;
      }
      if (char === '#') {
        close(cursor);
        tagStart = cursor + 1;
      } else if (char === ']' && tagStart !== -1) {
        // A tag inside a choice's brackets ends at the bracket.
        close(cursor);
      }
      cursor += 1;
    }
    close(Math.min(cursor, line.length));
  });
  return tags;
}
