import { describe, expect, it } from 'vitest';
import { chooseSuggestions } from './clarify.ts';
import type { Candidate, MatchDecision, MatchResult } from './types.ts';

function candidate(answerId: string, score: number, isRecorded = true): Candidate {
  return {
    answerId,
    score,
    confidence: 'low',
    isRecorded,
    matchedPhrasing: answerId,
    matchedTerms: [],
  };
}

function result(decision: MatchDecision, candidates: Candidate[]): MatchResult {
  return { decision, candidates, threshold: 0.5, isSemantic: false };
}

const offTopic: MatchDecision = { kind: 'fallback', reason: 'off-topic' };

describe('chooseSuggestions', () => {
  it('offers the recorded answers scoring at least 0.6 × the threshold after an off-topic fallback', () => {
    const match = result(offTopic, [
      candidate('a', 0.45),
      candidate('b', 0.4, false),
      candidate('c', 0.31),
      candidate('d', 0.3),
      candidate('e', 0.29),
    ]);
    expect(chooseSuggestions(match).map((s) => s.answerId)).toEqual(['a', 'c', 'd']);
    expect(chooseSuggestions(match, { limit: 1 })).toEqual([{ answerId: 'a', score: 0.45 }]);
  });

  it('offers nothing when no recorded answer is plausible', () => {
    expect(chooseSuggestions(result(offTopic, [candidate('a', 0.29)]))).toEqual([]);
  });

  it('offers both of two near-tied answers above the threshold', () => {
    const tie = result({ kind: 'answer', answerId: 'a' }, [
      candidate('a', 0.8),
      candidate('b', 0.78),
    ]);
    expect(chooseSuggestions(tie).map((s) => s.answerId)).toEqual(['a', 'b']);
  });

  it('lets a clear answer stand', () => {
    const clear = result({ kind: 'answer', answerId: 'a' }, [
      candidate('a', 0.8),
      candidate('b', 0.7),
    ]);
    expect(chooseSuggestions(clear)).toEqual([]);
  });
});
