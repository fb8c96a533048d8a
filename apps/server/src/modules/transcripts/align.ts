import type { CaptionCue } from '@conversa/contracts';
import type { TimedWord } from '../speech/index.ts';
import { alignWords, createAlignmentWork, type AlignmentWork } from './align-words.ts';

const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}']/gu, '');

const normalizeCueText = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Placed {
  startMs: number;
  endMs: number;
}

/** The first index whose value is at least `target` in an ascending list. */
function lowerBound(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/**
 * Times for each of a run's words: aligned to the heard words of its window; words with no heard
 * counterpart sit between the nearest placed neighbours.
 */
function placeWords(words: readonly string[], heard: readonly TimedWord[], work: AlignmentWork) {
  const mapping = alignWords(
    words,
    heard.map((word) => fold(word.text)),
    work,
  );
  const placed: (Placed | undefined)[] = mapping.map((index) =>
    index === undefined
      ? undefined
      : { startMs: heard[index]!.startMs, endMs: heard[index]!.endMs },
  );
  for (let index = 0; index < placed.length; index += 1) {
    if (placed[index]) {
      continue;
    }
    let next = index;
    while (next < placed.length && !placed[next]) {
      next += 1;
    }
    const from =
      index > 0 ? placed[index - 1]!.endMs : (placed[next]?.startMs ?? heard[0]!.startMs);
    const to = placed[next]?.startMs ?? heard.at(-1)!.endMs;
    const step = Math.max(0, to - from) / (next - index);
    for (let gap = index; gap < next; gap += 1) {
      placed[gap] = {
        startMs: Math.round(from + (gap - index) * step),
        endMs: Math.round(from + (gap - index + 1) * step),
      };
    }
    index = next - 1;
  }
  work.steps += placed.length;
  return placed as Placed[];
}

/**
 * Re-times captions after an author changed their words. Cues whose text is unchanged keep the
 * times they were sent with (an author may have moved them by hand) and anchor the rest: each run
 * of changed cues is aligned only to the heard words between its unchanged neighbours (by their
 * middle), and each of its cues takes the time from its first word's start to its last word's
 * end. Without heard words there (or at all) there is nothing to align against, and a cue keeps
 * its times. The work is linear in the cues and words but for the alignments themselves, which
 * share one budget of cells per save (MAX_ALIGNMENT_CELLS).
 */
export function alignEditedCues(
  edited: readonly CaptionCue[],
  previous: readonly CaptionCue[],
  heard: readonly TimedWord[],
  work: AlignmentWork = createAlignmentWork(),
): CaptionCue[] {
  const heardWords = heard
    .filter((word) => fold(word.text) !== '')
    .sort((first, second) => first.startMs - second.startMs);
  const middles = heardWords.map((word) => (word.startMs + word.endMs) / 2);
  const unchanged = new Set(previous.map((cue) => normalizeCueText(cue.text)));
  const isUnchanged = edited.map((cue) => unchanged.has(normalizeCueText(cue.text)));
  const aligned = edited.map((cue) => ({ ...cue }));
  work.steps += heardWords.length + previous.length + edited.length;
  if (heardWords.length === 0) {
    return aligned;
  }
  for (let first = 0; first < edited.length;) {
    if (isUnchanged[first]) {
      first += 1;
      continue;
    }
    let end = first;
    while (end < edited.length && !isUnchanged[end]) {
      end += 1;
    }
    const fromMs = first > 0 ? edited[first - 1]!.endMs : -Infinity;
    const toMs = end < edited.length ? edited[end]!.startMs : Infinity;
    const window = heardWords.slice(lowerBound(middles, fromMs), lowerBound(middles, toMs + 1));
    const tokens = edited.slice(first, end).flatMap((cue, offset) =>
      cue.text
        .split(/\s+/)
        .map(fold)
        .filter(Boolean)
        .map((word) => ({ word, cueIndex: first + offset })),
    );
    work.steps += window.length + tokens.length;
    if (window.length > 0) {
      const placed = placeWords(
        tokens.map((token) => token.word),
        window,
        work,
      );
      // Tokens come in cue order: each cue's words are one stretch of them.
      for (let index = 0; index < tokens.length;) {
        const cueIndex = tokens[index]!.cueIndex;
        let last = index;
        while (last + 1 < tokens.length && tokens[last + 1]!.cueIndex === cueIndex) {
          last += 1;
        }
        const startMs = placed[index]!.startMs;
        aligned[cueIndex] = {
          ...edited[cueIndex]!,
          startMs,
          endMs: Math.max(placed[last]!.endMs, startMs + 1),
        };
        index = last + 1;
      }
    }
    first = end;
  }
  return aligned;
}
