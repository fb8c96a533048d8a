import { describe, expect, it } from 'vitest';
import { describeLibrarySave } from './library-save';

describe('describeLibrarySave', () => {
  it.each([
    [
      { addedTopics: 7, addedQuestions: 29, skippedQuestions: 0 },
      'Saved to the library: 7 new topics and 29 new questions.',
    ],
    [
      { addedTopics: 1, addedQuestions: 1, skippedQuestions: 1 },
      'Saved to the library: 1 new topic and 1 new question. 1 question was already there.',
    ],
    [
      { addedTopics: 0, addedQuestions: 0, skippedQuestions: 3 },
      'The library already holds every question of this script. 3 questions were already there.',
    ],
  ])('%j -> %s', (result, sentence) => {
    expect(describeLibrarySave(result)).toBe(sentence);
  });
});
