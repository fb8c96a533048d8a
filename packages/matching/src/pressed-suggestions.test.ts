import { describe, expect, it } from 'vitest';
import { withPressedAnswers } from './pressed-suggestions.ts';
import type { MatchDecision, MatchResult } from './types.ts';

// Issue 66 item 2: "One visitor's press may at once bring that answer among the suggestions offered
// to the next visitor who asks the same or something close in meaning; only agreeing visitors from
// distinct addresses, or the author, make it play."

function resultOf(decision: MatchDecision): MatchResult {
  return { decision, candidates: [], threshold: 0.5, isSemantic: true };
}

const question = new Float32Array([1, 0]);
const close = { answerId: 'pay', vector: new Float32Array([0.8, 0.6]) };
const far = { answerId: 'war', vector: new Float32Array([0, 1]) };
const options = { bar: 0.6, limit: 3 };
const offTopic = resultOf({ kind: 'fallback', reason: 'off-topic' });

describe('what one press offers at once', () => {
  it('offers a pressed answer to a question close in meaning, never to one far from it', () => {
    expect(withPressedAnswers(offTopic, [], question, [close, far], options)).toEqual([
      { answerId: 'pay', score: expect.closeTo(0.8, 5) as number },
    ]);
    expect(withPressedAnswers(offTopic, [], question, [far], options)).toEqual([]);
  });

  it("adds a pressed answer where there is room, never displacing the matcher's suggestions", () => {
    const offered = ['a', 'b', 'c'].map((answerId, index) => ({
      answerId,
      score: 0.5 - index / 10,
    }));
    const asked = resultOf({ kind: 'fallback', reason: 'off-topic' });
    const answerIds = (list: { answerId: string }[]) => list.map((each) => each.answerId);
    expect(answerIds(withPressedAnswers(asked, offered, question, [close], options))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(
      answerIds(withPressedAnswers(asked, offered.slice(0, 2), question, [close], options)),
    ).toEqual(['a', 'b', 'pay']);
    // Already offered: nothing changes.
    const withPay = [{ answerId: 'pay', score: 0.4 }];
    expect(withPressedAnswers(asked, withPay, question, [close], options)).toEqual(withPay);
  });

  it('never changes what plays, nor an empty question, nor anything without a vector', () => {
    const played = resultOf({ kind: 'answer', answerId: 'war' });
    expect(withPressedAnswers(played, [], question, [close], options)).toEqual([]);
    const empty = resultOf({ kind: 'fallback', reason: 'empty' });
    expect(withPressedAnswers(empty, [], question, [close], options)).toEqual([]);
    expect(withPressedAnswers(offTopic, [], undefined, [close], options)).toEqual([]);
  });
});
