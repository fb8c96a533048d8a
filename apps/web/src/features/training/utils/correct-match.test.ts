import { describe, expect, it } from 'vitest';
import { suggestCorrection } from './correct-match';

const TALL = { questionId: 'q-tall', questionText: 'How tall are you?', score: 0.41 };
const AGE = { questionId: 'q-age', questionText: 'How old are you?', score: 0.22 };

describe('the answer Correct match opens on', () => {
  it.each([
    ['a question that fell back: its best match', [TALL, AGE], null, 'q-tall'],
    ['a question answered with its best match: the next one', [TALL, AGE], 'q-tall', 'q-age'],
    ['a question answered with a lower candidate: the best', [TALL, AGE], 'q-age', 'q-tall'],
    ['no candidate kept: nothing chosen', [], null, undefined],
    ['its only candidate is what it got: nothing chosen', [TALL], 'q-tall', undefined],
  ] as const)('%s', (_case, topCandidates, answerQuestionId, expected) => {
    expect(suggestCorrection([{ topCandidates: [...topCandidates], answerQuestionId }])).toBe(
      expected,
    );
  });

  it('reads the first chosen question, and nothing without one', () => {
    expect(
      suggestCorrection([
        { topCandidates: [AGE], answerQuestionId: null },
        { topCandidates: [TALL], answerQuestionId: null },
      ]),
    ).toBe('q-age');
    expect(suggestCorrection([])).toBeUndefined();
  });
});
