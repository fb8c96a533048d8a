import { describe, expect, it } from 'vitest';
import { formatApplySummary } from './apply-summary';

const storyfile = {} as never;

describe('formatApplySummary', () => {
  it.each([
    [
      { addedTopics: 3, addedQuestions: 12, skippedQuestions: 0 },
      'Applied "Basics": added 3 topics and 12 questions.',
    ],
    [
      { addedTopics: 1, addedQuestions: 1, skippedQuestions: 1 },
      'Applied "Basics": added 1 topic and 1 question; 1 question already in the storyfile was skipped.',
    ],
    [
      { addedTopics: 0, addedQuestions: 2, skippedQuestions: 5 },
      'Applied "Basics": added 0 topics and 2 questions; 5 questions already in the storyfile were skipped.',
    ],
  ])('%o', (counts, expected) => {
    expect(formatApplySummary('Basics', { storyfile, ...counts })).toBe(expected);
  });
});
