// One visitor's press offers its answer at once (issue 66 item 2): a question a visitor labelled
// with an answer by pressing "Did you mean…?", still waiting for a second network, is not played
// to anyone (`learning.ts`), but the next visitor who asks something close in meaning gets that
// answer among the suggestions. Only agreeing visitors from distinct networks, or the author, make
// it play. The studio's clarify stage and the learning simulation both go through here.
import type { Suggestion } from './clarify.ts';
import type { MatchResult } from './types.ts';
import { dot } from './vector-math.ts';

/** A labelled question waiting for a second network, and its sentence vector. */
export interface PressedQuestion {
  answerId: string;
  vector: Float32Array;
}

/**
 * `suggestions` (the matcher's, `chooseSuggestions`) with the answers of pressed questions whose
 * cosine with the visitor's question is at least `bar`, closest first, at most `limit` in all: a
 * pressed answer not already offered is added where the list has room (the matcher's own
 * suggestions are never displaced: displacing them was measured to offer the right answer less).
 * Nothing changes when the matcher plays an answer, or nothing was asked.
 */
export function withPressedAnswers(
  result: MatchResult,
  suggestions: readonly Suggestion[],
  question: Float32Array | undefined,
  pressed: readonly PressedQuestion[],
  options: { bar: number; limit: number },
): Suggestion[] {
  const isPlayed = result.decision.kind === 'answer' && suggestions.length === 0;
  const isEmpty = result.decision.kind === 'fallback' && result.decision.reason === 'empty';
  if (!question || pressed.length === 0 || isPlayed || isEmpty) {
    return [...suggestions];
  }
  const closest = new Map<string, number>();
  for (const { answerId, vector } of pressed) {
    const cosine = dot(question, vector);
    if (cosine >= options.bar && cosine > (closest.get(answerId) ?? -1)) {
      closest.set(answerId, cosine);
    }
  }
  const offered = new Set(suggestions.map((suggestion) => suggestion.answerId));
  const added = [...closest]
    .filter(([answerId]) => !offered.has(answerId))
    .sort((a, b) => b[1] - a[1])
    .map(([answerId, cosine]) => ({ answerId, score: cosine }));
  if (added.length === 0) {
    return [...suggestions];
  }
  return [...suggestions, ...added].slice(0, Math.max(options.limit, suggestions.length));
}
