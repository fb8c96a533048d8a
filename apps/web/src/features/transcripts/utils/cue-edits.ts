import type { CaptionCue } from '@conversa/contracts';

/** One press of a nudge button moves a time this much. */
export const NUDGE_MS = 100;
/** A cue never becomes shorter than this (a split or a nudge stops there). */
export const MIN_CUE_MS = 100;

/**
 * Where a split at `caret` really cuts: a caret inside a word moves to that word's nearer edge
 * (its start or its end), or to the other edge when the nearer one leaves a side without words,
 * so a word is never cut in two ("a" / "ll"). Null when every edge leaves a side empty.
 */
export function findWordBoundary(text: string, caret: number): number | null {
  const isWordAt = (position: number) => /\S/.test(text[position] ?? ' ');
  const hasWordsOnBothSides = (cut: number) =>
    text.slice(0, cut).trim() !== '' && text.slice(cut).trim() !== '';
  const at = Math.min(Math.max(caret, 0), text.length);
  if (!(isWordAt(at - 1) && isWordAt(at))) {
    return hasWordsOnBothSides(at) ? at : null;
  }
  let start = at;
  while (isWordAt(start - 1)) {
    start -= 1;
  }
  let end = at;
  while (isWordAt(end)) {
    end += 1;
  }
  const nearerFirst = at - start <= end - at ? [start, end] : [end, start];
  return nearerFirst.find(hasWordsOnBothSides) ?? null;
}

/**
 * Splits a cue at a place in its text, at a word boundary (`findWordBoundary`): the words before
 * keep the start, the words after it the end, and the time between is shared out by their lengths
 * (speech runs about evenly). Null when either side would have no words or the cue is too short
 * to cut.
 */
export function splitCue(
  cues: readonly CaptionCue[],
  index: number,
  caret: number,
): CaptionCue[] | null {
  const cue = cues[index];
  const cut = cue ? findWordBoundary(cue.text, caret) : null;
  if (!cue || cut === null) {
    return null;
  }
  const before = cue.text.slice(0, cut).trim();
  const after = cue.text.slice(cut).trim();
  const duration = cue.endMs - cue.startMs;
  if (before === '' || after === '' || duration < MIN_CUE_MS * 2) {
    return null;
  }
  const share = before.length / (before.length + after.length);
  const cutMs = Math.min(
    Math.max(cue.startMs + Math.round(duration * share), cue.startMs + MIN_CUE_MS),
    cue.endMs - MIN_CUE_MS,
  );
  return [
    ...cues.slice(0, index),
    { startMs: cue.startMs, endMs: cutMs, text: before },
    { startMs: cutMs, endMs: cue.endMs, text: after },
    ...cues.slice(index + 1),
  ];
}

/** A space goes between two words, not before closing punctuation nor after a hyphen or an opening. */
const NO_SPACE_BEFORE = /^[,.;:!?…)\]}'’"”%]/;
const NO_SPACE_AFTER = /[-‐–—/([{“‘]$/;

/**
 * The texts of two cues joined as one: a space between words, none invented before punctuation or
 * after a hyphen ("well-" + "known"). `joinAt` is where the second text starts in the joined one.
 */
export function joinCueTexts(first: string, second: string): { text: string; joinAt: number } {
  const head = first.trim();
  const tail = second.trim();
  const separator =
    head === '' || tail === '' || NO_SPACE_BEFORE.test(tail) || NO_SPACE_AFTER.test(head)
      ? ''
      : ' ';
  return { text: `${head}${separator}${tail}`, joinAt: head.length + separator.length };
}

/** Joins a cue with the next one: its start, the next one's end, both texts. Null at the last. */
export function mergeWithNext(cues: readonly CaptionCue[], index: number): CaptionCue[] | null {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) {
    return null;
  }
  return [
    ...cues.slice(0, index),
    {
      startMs: cue.startMs,
      endMs: Math.max(cue.endMs, next.endMs),
      text: joinCueTexts(cue.text, next.text).text,
    },
    ...cues.slice(index + 2),
  ];
}

/**
 * Moves a cue's start or end by `deltaMs`, kept between the previous cue's end and the next one's
 * start (captions never overlap) and at least MIN_CUE_MS long. Null when it cannot move.
 */
export function nudgeCue(
  cues: readonly CaptionCue[],
  index: number,
  edge: 'start' | 'end',
  deltaMs: number,
): CaptionCue[] | null {
  const cue = cues[index];
  if (!cue) {
    return null;
  }
  const floor = cues[index - 1]?.endMs ?? 0;
  const ceiling = cues[index + 1]?.startMs ?? Number.POSITIVE_INFINITY;
  const moved =
    edge === 'start'
      ? {
          ...cue,
          startMs: Math.min(Math.max(cue.startMs + deltaMs, floor), cue.endMs - MIN_CUE_MS),
        }
      : {
          ...cue,
          endMs: Math.max(Math.min(cue.endMs + deltaMs, ceiling), cue.startMs + MIN_CUE_MS),
        };
  if (moved.startMs === cue.startMs && moved.endMs === cue.endMs) {
    return null;
  }
  return cues.map((item, position) => (position === index ? moved : item));
}

/** The cue playing at a moment of the video, or -1. */
export function findCueAt(cues: readonly CaptionCue[], ms: number): number {
  return cues.findIndex((cue) => ms >= cue.startMs && ms < cue.endMs);
}

/** `1:02.3`: minutes, seconds and tenths, as the editor shows a cue's times. */
export function formatCueTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}
