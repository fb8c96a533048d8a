import { describe, expect, it } from 'vitest';
import { describeClarification, describeConfidence, describeOutcome } from './labels.ts';

describe('describeOutcome', () => {
  it('names the answered question', () => {
    expect(
      describeOutcome({
        decision: 'answered',
        clarification: null,
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
        clarification: null,
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
        clarification: null,
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
        clarification: null,
        answerQuestionText: null,
        fallbackReason: 'not-recorded',
        matchedQuestionText: 'Why did you sell the farm?',
      }),
    ).toBe('Best match not recorded: “Why did you sell the farm?”');
  });
});

// Issue 68, item 5: a question asked back read "No answer close enough" and "Off-topic".
describe('a question asked back', () => {
  const askedBack = {
    decision: 'fallback',
    clarification: 'did-you-mean',
    answerQuestionText: null,
    matchedQuestionText: null,
  } as const;

  it('says it was not sure enough to play, or names the unrecorded best match', () => {
    expect(describeOutcome({ ...askedBack, fallbackReason: 'off-topic' })).toBe(
      'Not sure enough to play an answer',
    );
    expect(
      describeOutcome({
        ...askedBack,
        fallbackReason: 'not-recorded',
        matchedQuestionText: 'Why did you sell the farm?',
      }),
    ).toBe('Best match not recorded: “Why did you sell the farm?”');
  });

  it('is "Unsure", not its score\'s class; other exchanges keep their class', () => {
    expect(describeConfidence({ ...askedBack, confidence: 'off-topic' })).toBe('Unsure');
    expect(describeConfidence({ ...askedBack, confidence: 'low' })).toBe('Unsure');
    expect(
      describeConfidence({ decision: 'fallback', clarification: null, confidence: 'off-topic' }),
    ).toBe('Off-topic');
    expect(
      describeConfidence({ decision: 'answered', clarification: null, confidence: 'paraphrase' }),
    ).toBe('Paraphrase');
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
