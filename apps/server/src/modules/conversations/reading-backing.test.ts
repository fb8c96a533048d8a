// Issue 52, item 3: a spoken question the studio did not hear well enough gets please-repeat, never
// a wrong answer. The recognizer's n-best list weighs a reading's answer: a rescue by a reading it
// gave little of its list, or readings that name another question, is a question misheard.
import { describe, expect, it } from 'vitest';
import { createMatcher } from '@conversa/matching';
import { measureBacking, OTHER_ANSWER_SHARE, RESCUE_SHARE } from './reading-choice.ts';
import { choose } from './reading-choice.fixtures.ts';

function buildMatcher() {
  const matcher = createMatcher({ threshold: 0.35 });
  matcher.upsertAnswer({ id: 'school', question: 'What was school like for you?' });
  matcher.upsertAnswer({
    id: 'hardest',
    question: 'What was the hardest time you lived through?',
  });
  matcher.upsertAnswer({ id: 'born', question: 'Where were you born?' });
  matcher.upsertAnswer({ id: 'siblings', question: 'Do you have brothers or sisters?' });
  return matcher;
}

// A misheard first reading that matches nothing (bench:speech heard "What was the first job you ever
// had?" so), and a lower reading that names another question.
const FIRST = 'what was the luther you and and';
const RESCUER = 'what was the time you lived through';

describe('chooseReading weighs an answer by the n-best list (issue 52, item 3)', () => {
  it('asks to repeat when only a reading with a small part of the list names a question the first does not', async () => {
    const matcher = buildMatcher();
    expect(matcher.match(FIRST).decision.kind).toBe('fallback');
    expect(matcher.match(RESCUER).decision).toEqual({ kind: 'answer', answerId: 'hardest' });
    const choice = await choose(matcher, {
      text: FIRST,
      speechConfidence: 0.86,
      alternatives: [
        { text: FIRST, confidence: 0.5 },
        { text: 'what was that luther on you and', confidence: 0.3 },
        { text: RESCUER, confidence: 0.1 },
        { text: 'what was the that the on you', confidence: 0.1 },
      ],
    });
    expect(choice.text).toBe(RESCUER);
    expect(choice.misheard).toBe('readings-disagree');
  });

  it('plays a lower reading that names a question when the readings naming it hold a quarter of the list', async () => {
    const choice = await choose(buildMatcher(), {
      text: FIRST,
      speechConfidence: 0.86,
      alternatives: [
        { text: FIRST, confidence: 0.45 },
        { text: 'what was school like for you', confidence: 0.3 },
        { text: 'what was that luther on you and', confidence: 0.25 },
      ],
    });
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'school' });
    expect(choice.misheard).toBeNull();
  });

  it('asks to repeat when readings name two different questions', async () => {
    const matcher = buildMatcher();
    const first = 'so where were you born then';
    const other = 'so do you have brothers then';
    expect(matcher.match(first).decision).toEqual({ kind: 'answer', answerId: 'born' });
    expect(matcher.match(first).candidates[0]?.confidence).not.toBe('exact');
    expect(matcher.match(other).decision).toEqual({ kind: 'answer', answerId: 'siblings' });
    const choice = await choose(matcher, {
      text: first,
      speechConfidence: 0.8,
      alternatives: [
        { text: first, confidence: 0.7 },
        { text: other, confidence: 0.3 },
      ],
    });
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'born' });
    expect(choice.misheard).toBe('readings-disagree');
  });

  it('keeps a reading that is a script phrasing word for word, whatever the others name', async () => {
    const choice = await choose(buildMatcher(), {
      text: 'where were you born',
      speechConfidence: 0.8,
      alternatives: [
        { text: 'where were you born', confidence: 0.7 },
        { text: 'so do you have brothers then', confidence: 0.3 },
      ],
    });
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'born' });
    expect(choice.misheard).toBeNull();
  });

  it('keeps a typed-like question without readings as it was (no list to weigh)', async () => {
    const choice = await choose(buildMatcher(), {
      text: 'so where were you born then',
      speechConfidence: null,
      alternatives: [],
    });
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'born' });
    expect(choice.misheard).toBeNull();
  });
});

describe('measureBacking', () => {
  const result = (answerId: string | null) =>
    ({
      decision: answerId
        ? { kind: 'answer' as const, answerId }
        : { kind: 'fallback' as const, reason: 'off-topic' as const },
      candidates: [],
      threshold: 0.35,
      isSemantic: false,
    }) as Parameters<typeof measureBacking>[0][number]['result'];

  it("gives the part of the recognizer's list naming the answer and naming another, leaving out a share it did not give", () => {
    expect(RESCUE_SHARE).toBe(0.25);
    expect(OTHER_ANSWER_SHARE).toBe(0.1);
    const backing = measureBacking(
      [
        { share: 1, isShareKnown: false, result: result(null) },
        { share: 0.3, isShareKnown: true, result: result('school') },
        { share: 0.1, isShareKnown: true, result: result('hardest') },
        { share: 0.1, isShareKnown: true, result: result(null) },
      ],
      'school',
    );
    expect(backing.same).toBeCloseTo(0.6);
    expect(backing.other).toBeCloseTo(0.2);
    expect(measureBacking([{ share: 1, isShareKnown: false, result: result('x') }], 'x')).toEqual({
      same: 0,
      other: 0,
    });
  });
});
