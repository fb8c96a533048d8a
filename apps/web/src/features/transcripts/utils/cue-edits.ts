import type { CaptionCue } from '@conversa/contracts';

/** One press of a nudge button moves a time this much. */
export const NUDGE_MS = 100;
/** A cue never becomes shorter than this (a split or a nudge stops there). */
export const MIN_CUE_MS = 100;

/**
 * Splits a cue at a place in its text: the words before the caret keep the start, the words after
 * it the end, and the time between is shared out by their lengths (speech runs about evenly).
 * Null when either side would have no words or the cue is too short to cut.
 */
export function splitCue(
  cues: readonly CaptionCue[],
  index: number,
  caret: number,
): CaptionCue[] | null {
  const cue = cues[index];
  if (!cue) {
    return null;
  }
  const before = cue.text.slice(0, caret).trim();
  const after = cue.text.slice(caret).trim();
  const duration = cue.endMs - cue.startMs;
  if (before === '' || after === '' || duration < MIN_CUE_MS * 2) {
    return null;
  }
  const share = before.length / (before.length + after.length);
  const cut = Math.min(
    Math.max(cue.startMs + Math.round(duration * share), cue.startMs + MIN_CUE_MS),
    cue.endMs - MIN_CUE_MS,
  );
  return [
    ...cues.slice(0, index),
    { startMs: cue.startMs, endMs: cut, text: before },
    { startMs: cut, endMs: cue.endMs, text: after },
    ...cues.slice(index + 1),
  ];
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
      text: `${cue.text.trim()} ${next.text.trim()}`,
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
