import type { TimedWord } from './speech-engine.ts';

/** How far a word's edge is moved to a pause's, at most (a word is rarely longer). */
const MAX_SHIFT_MS = 800;

/**
 * Words timed by Whisper's attention (issue 65) take the silence around them into their start or
 * end: its alignment steps from one word to the next where the previous one ends, so a sentence
 * after a pause began, in the drafts' cues, up to a second early. Where a pause of the recording
 * itself (`findPauses`, its energy) lies across a word's edge, the edge moves to the pause's: a
 * word starting before a pause ends starts when the speech comes back, a word ending after a
 * pause began ends when the speech stopped. Times within a word's own sound are left alone.
 */
export function fitWordsToPauses(
  words: readonly TimedWord[],
  pauses: readonly { startMs: number; endMs: number }[],
): TimedWord[] {
  return words.map((word) => {
    let { startMs, endMs } = word;
    for (const pause of pauses) {
      // The word starts in the pause and sounds after it: it starts when the speech resumes.
      if (
        startMs >= pause.startMs - 1 &&
        startMs < pause.endMs &&
        endMs > pause.endMs &&
        pause.endMs - startMs <= MAX_SHIFT_MS
      ) {
        startMs = pause.endMs;
      }
      // The word sounds before the pause and ends in it: it ends when the speech stopped.
      if (
        endMs > pause.startMs &&
        endMs <= pause.endMs + 1 &&
        startMs < pause.startMs &&
        endMs - pause.startMs <= MAX_SHIFT_MS
      ) {
        endMs = pause.startMs;
      }
    }
    return startMs === word.startMs && endMs === word.endMs ? word : { ...word, startMs, endMs };
  });
}
