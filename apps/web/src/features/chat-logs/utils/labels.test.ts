import { describe, expect, it } from 'vitest';
import { describeClarification, describeOutcome } from './labels.ts';

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

describe('describeClarification', () => {
  const movie = { questionId: 'q-1', questionText: 'What is your favourite movie?' };
  const job = { questionId: 'q-2', questionText: 'What do you do for a living?' };

  it('lists what "Did you mean…?" offered', () => {
    expect(
      describeClarification({
        clarification: 'did-you-mean',
        suggestions: [movie, job],
        chosenFromExchangeId: null,
      }),
    ).toBe('Did you mean…? “What is your favourite movie?” · “What do you do for a living?”');
  });

  it('names the topics-and-starters offer, with or without starters', () => {
    const offer = { clarification: 'topics-and-starters', chosenFromExchangeId: null } as const;
    expect(describeClarification({ ...offer, suggestions: [job] })).toBe(
      'Offered topics and starters “What do you do for a living?”',
    );
    expect(describeClarification({ ...offer, suggestions: [] })).toBe(
      'Offered topics and starters',
    );
  });

  it('marks the exchange of a pressed suggestion, and says nothing of the others', () => {
    expect(
      describeClarification({
        clarification: null,
        suggestions: [],
        chosenFromExchangeId: '6f1d2c9e-0000-4000-8000-0000000000e1',
      }),
    ).toBe('Chosen from the questions offered');
    expect(
      describeClarification({ clarification: null, suggestions: [], chosenFromExchangeId: null }),
    ).toBeNull();
  });
});
