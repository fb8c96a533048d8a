// The verdict on a ranked question: its confidence band and whether its best answer is played.
import { LOW_BAND } from './matcher-state.ts';
import type { ScoredAnswer } from './matcher-state.ts';
import type { Confidence, MatchDecision } from './types.ts';

/** A score's confidence band: exact, paraphrase (at or over the threshold), low, or off-topic. */
export function classify(score: number, isExact: boolean, threshold: number): Confidence {
  if (isExact) {
    return 'exact';
  }
  if (score >= threshold) {
    return 'paraphrase';
  }
  return score >= threshold * LOW_BAND ? 'low' : 'off-topic';
}

/** Plays the best answer when it clears the threshold and is recorded; otherwise falls back, saying why. */
export function decide(first: ScoredAnswer | undefined, threshold: number): MatchDecision {
  if (!first || !(first.isExact || first.score >= threshold)) {
    return { kind: 'fallback', reason: 'off-topic' };
  }
  const { input } = first.answer;
  if (input.isRecorded === false) {
    // Playing a lower, recorded answer instead would answer a different question.
    return {
      kind: 'fallback',
      reason: 'not-recorded',
      answerId: first.answer.id,
      question: input.question,
      matchedPhrasing: first.phrasing.text,
    };
  }
  return { kind: 'answer', answerId: first.answer.id };
}
