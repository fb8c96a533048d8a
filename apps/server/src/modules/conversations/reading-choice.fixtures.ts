// The reading-choice tests' one call: a spoken question's readings chosen against a matcher.
import type { Matcher } from '@conversa/matching';
import { chooseReading } from './reading-choice.ts';
import { scoreWithMatcher } from './scoring/question-scorer.ts';

/**
 * The reading choice of a spoken question's readings against `matcher` (five results a reading),
 * with the custom words' "heard as" rules (none unless given).
 */
export function choose(
  matcher: Matcher,
  heard: Parameters<typeof chooseReading>[2],
  heardAsRules: Parameters<typeof chooseReading>[1] = [],
) {
  return chooseReading(scoreWithMatcher(matcher), heardAsRules, heard, { limit: 5 });
}

/**
 * A spoken question as the recognizer heard it: its readings best first, each [text, the
 * recognizer's confidence in it]; the words it gives are the first reading's (`hearOnly` for a
 * question heard with no readings).
 */
export function hear(
  speechConfidence: number,
  readings: [text: string, confidence: number][],
): Parameters<typeof chooseReading>[2] {
  return {
    text: readings[0]![0],
    speechConfidence,
    alternatives: readings.map(([text, confidence]) => ({ text, confidence })),
  };
}

/** A spoken question heard as `words` with no other readings. */
export function hearOnly(
  words: string,
  speechConfidence: number,
): Parameters<typeof chooseReading>[2] {
  return { text: words, speechConfidence, alternatives: [] };
}
