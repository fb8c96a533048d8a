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
