import type { CaptionCue } from '@conversa/contracts';
import type { TimedWord } from '../speech/index.ts';

/**
 * How words become captions (the BBC's and Netflix's guidance for English): two lines of at most
 * 42 characters, a cue of at most 7 seconds, a new cue after a pause or a sentence's end.
 */
export const CUE_MAX_TEXT = 84;
export const CUE_MAX_MS = 7_000;
/** A silence at least this long between two words starts a new cue. */
export const CUE_PAUSE_MS = 700;
/** A cue stays up at least this long (a single short word is otherwise unreadable). */
const CUE_MIN_MS = 800;

/** Groups timed words into captions. */
export function buildCues(words: readonly TimedWord[]): CaptionCue[] {
  const cues: CaptionCue[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (current.length === 0) {
      return;
    }
    cues.push({
      startMs: current[0]!.startMs,
      endMs: Math.max(current.at(-1)!.endMs, current[0]!.startMs + 1),
      text: current.map((word) => word.text).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const text = word.text.trim();
    if (text === '') {
      continue;
    }
    const previous = current.at(-1);
    if (previous) {
      const length = current.reduce((total, item) => total + item.text.length + 1, text.length);
      if (
        word.startMs - previous.endMs >= CUE_PAUSE_MS ||
        length > CUE_MAX_TEXT ||
        word.endMs - current[0]!.startMs > CUE_MAX_MS ||
        /[.!?]$/.test(previous.text)
      ) {
        flush();
      }
    }
    current.push({ ...word, text });
  }
  flush();
  // Short cues linger into the silence after them, never into the next cue.
  return cues.map((cue, index) => {
    const next = cues[index + 1];
    const wanted = Math.max(cue.endMs, cue.startMs + CUE_MIN_MS);
    return { ...cue, endMs: next ? Math.max(cue.endMs, Math.min(wanted, next.startMs)) : wanted };
  });
}

/** The transcript's text: its cues' words, one space between. */
export function joinCueTexts(cues: readonly CaptionCue[]): string {
  return cues
    .map((cue) => cue.text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}

function formatTimestamp(ms: number, separator: '.' | ','): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(millis, 3)}`;
}

/** Cue text as WebVTT carries it: `&` and `<` escaped, no blank line, no `-->`. */
function escapeCueText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n\s*\n/g, '\n');
}

/** A WebVTT file of the cues (W3C WebVTT). */
export function formatWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${formatTimestamp(cue.startMs, '.')} --> ${formatTimestamp(cue.endMs, '.')}\n${escapeCueText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** A SubRip (.srt) file of the cues. */
export function formatSrt(cues: readonly CaptionCue[]): string {
  return `${cues
    .map(
      (cue, index) =>
        `${index + 1}\n${formatTimestamp(cue.startMs, ',')} --> ${formatTimestamp(cue.endMs, ',')}\n${cue.text.replace(/\n\s*\n/g, '\n')}`,
    )
    .join('\n\n')}\n`;
}

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

function parseTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) {
    return undefined;
  }
  const [, hours = '0', minutes, seconds, fraction] = match;
  return (
    Number(hours) * 3_600_000 +
    Number(minutes) * 60_000 +
    Number(seconds) * 1000 +
    Number(fraction!.padEnd(3, '0'))
  );
}

const REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Reads a WebVTT or SubRip file into cues: each block's timing line (`start --> end`, with
 * optional settings after it) and its text, tags and markup dropped, character references
 * decoded. Blocks without a timing line (NOTE, STYLE, REGION, a header) are skipped, and so are
 * cues with no text or that end before they start.
 */
export function parseCaptionsFile(content: string): CaptionCue[] {
  const blocks = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/);
  const cues: CaptionCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex === -1 || timingIndex > 1) {
      continue;
    }
    const [startText, rest] = lines[timingIndex]!.split('-->');
    const startMs = parseTimestamp(startText ?? '');
    const endMs = parseTimestamp((rest ?? '').trim().split(/\s+/)[0] ?? '');
    const text = lines
      .slice(timingIndex + 1)
      .map((line) =>
        line
          .replace(/<[^>]*>/g, '')
          .replace(/\{\\[^}]*\}/g, '')
          .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (reference, name: string) => {
            if (name.startsWith('#x') || name.startsWith('#X')) {
              return String.fromCodePoint(parseInt(name.slice(2), 16));
            }
            if (name.startsWith('#')) {
              return String.fromCodePoint(Number(name.slice(1)));
            }
            return REFERENCES[name.toLowerCase()] ?? reference;
          })
          .trim(),
      )
      .filter(Boolean)
      .join(' ');
    if (startMs === undefined || endMs === undefined || endMs <= startMs || text === '') {
      continue;
    }
    cues.push({ startMs, endMs, text });
  }
  return cues.sort((first, second) => first.startMs - second.startMs);
}
