// Issue 40, "ask back instead of giving up": which recorded answers a visitor is offered as
// "Did you mean…?", read from a match result alone.
import { describe, expect, it } from 'vitest';
import {
  chooseSuggestions,
  NEAR_TIE_MARGIN,
  SUGGESTION_FLOOR_SHARE,
  SUGGESTION_SPREAD,
} from './clarify.ts';
import type { Candidate, MatchDecision, MatchResult } from './types.ts';

const THRESHOLD = 0.4;

function candidate(answerId: string, score: number, isRecorded = true): Candidate {
  return {
    answerId,
    score,
    confidence: score >= THRESHOLD ? 'paraphrase' : score >= THRESHOLD * 0.6 ? 'low' : 'off-topic',
    isRecorded,
    matchedPhrasing: answerId,
    matchedTerms: [],
  };
}

function result(candidates: Candidate[], decision?: MatchDecision): MatchResult {
  const first = candidates[0];
  return {
    decision:
      decision ??
      (first && first.score >= THRESHOLD
        ? { kind: 'answer', answerId: first.answerId }
        : { kind: 'fallback', reason: 'off-topic' }),
    candidates,
    threshold: THRESHOLD,
    isSemantic: true,
  };
}

const floor = THRESHOLD * SUGGESTION_FLOOR_SHARE;

describe('chooseSuggestions', () => {
  it.each([
    [
      'a clear lead above the threshold: the decision stands',
      [candidate('a', 0.7), candidate('b', 0.5)],
      [],
    ],
    [
      'two recorded answers near-tied at the top: ask which',
      [candidate('a', 0.6), candidate('b', 0.6 - NEAR_TIE_MARGIN), candidate('c', 0.3)],
      ['a', 'b'],
    ],
    [
      'a near-tie with an answer without a video: never offered, the next recorded one is not tied',
      [candidate('a', 0.6), candidate('b', 0.59, false), candidate('c', 0.4)],
      [],
    ],
    [
      'below the threshold but plausible: the recorded answers close to the best, at most 3',
      [
        candidate('a', floor + 0.02),
        candidate('b', floor + 0.015),
        candidate('x', floor + 0.012, false),
        candidate('c', floor + 0.01),
        candidate('d', floor + 0.005),
      ],
      ['a', 'b', 'c'],
    ],
    [
      'below the threshold: answers far below the best one are not offered beside it',
      [candidate('a', 0.39), candidate('b', 0.39 * SUGGESTION_SPREAD - 0.01)],
      ['a'],
    ],
    [
      'below the threshold, best recorded one under the floor: the fallback stands',
      [candidate('a', floor - 0.001), candidate('b', floor - 0.01)],
      [],
    ],
    [
      'below the threshold, only the one without a video is plausible',
      [candidate('x', 0.39, false), candidate('a', floor - 0.01)],
      [],
    ],
    ['no candidate at all', [], []],
  ])('%s', (_why, candidates, expected) => {
    expect(chooseSuggestions(result(candidates)).map((s) => s.answerId)).toEqual(expected);
  });

  it('returns the candidates’ own scores', () => {
    expect(chooseSuggestions(result([candidate('a', 0.6), candidate('b', 0.59)]))).toEqual([
      { answerId: 'a', score: 0.6 },
      { answerId: 'b', score: 0.59 },
    ]);
  });

  it.each([
    [1, ['a']],
    [2, ['a', 'b']],
    [0, []],
  ])('limit %i → %j', (limit, expected) => {
    const near = [candidate('a', 0.39), candidate('b', 0.385), candidate('c', 0.38)];
    expect(chooseSuggestions(result(near), { limit }).map((s) => s.answerId)).toEqual(expected);
  });

  it('never asks back on an exact phrasing, an empty question or a best match without a video', () => {
    const exact = { ...candidate('a', 1), confidence: 'exact' as const };
    expect(chooseSuggestions(result([exact, candidate('b', 1)]))).toEqual([]);
    expect(chooseSuggestions(result([], { kind: 'fallback', reason: 'empty' }))).toEqual([]);
    const notRecorded: MatchDecision = {
      kind: 'fallback',
      reason: 'not-recorded',
      answerId: 'x',
      question: 'x',
      matchedPhrasing: 'x',
    };
    expect(
      chooseSuggestions(result([candidate('x', 0.6, false), candidate('a', 0.59)], notRecorded)),
    ).toEqual([]);
  });
});
