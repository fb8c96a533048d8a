import { describe, expect, it } from 'vitest';
import { describeOutcome } from './labels.ts';

describe('describeOutcome', () => {
  it('names the answered question', () => {
    expect(
      describeOutcome({
        decision: 'answered',
        answerQuestionText: 'Where did you grow up?',
        fallbackReason: null,
        matchedQuestionText: null,
      }),
    ).toBe('Where did you grow up?');
  });

  it('says when the answered question has since been deleted', () => {
    expect(
      describeOutcome({
        decision: 'answered',
        answerQuestionText: null,
        fallbackReason: null,
        matchedQuestionText: null,
      }),
    ).toBe('A question since deleted');
  });

  it.each([
    ['off-topic', 'No answer close enough'],
    ['empty', 'Nothing to match'],
    ['unintelligible', 'Speech not understood'],
    ['not-recorded', 'Best match not recorded'],
  ] as const)('gives the reason of a %s fallback', (reason, text) => {
    expect(
      describeOutcome({
        decision: 'fallback',
        answerQuestionText: null,
        fallbackReason: reason,
        matchedQuestionText: null,
      }),
    ).toBe(text);
  });

  it('names the unrecorded question a not-recorded fallback matched', () => {
    expect(
      describeOutcome({
        decision: 'fallback',
        answerQuestionText: null,
        fallbackReason: 'not-recorded',
        matchedQuestionText: 'Why did you sell the farm?',
      }),
    ).toBe('Best match not recorded: “Why did you sell the farm?”');
  });
});
