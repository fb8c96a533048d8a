import { describe, expect, it } from 'vitest';
import { findTagCompletions } from './tag-completion';

const QUESTIONS = [
  { id: 'aaa-1', text: 'Where were you born?', topicName: 'Life', isRecorded: true },
  { id: 'bbb-2', text: 'Do you have any pets?', topicName: 'Life', isRecorded: false },
];

describe('findTagCompletions', () => {
  it('offers questions after # answer:, found by text, applying the id', () => {
    const found = findTagCompletions('I was born there. # answer: bor', QUESTIONS);
    expect(found).toEqual({
      from: 28,
      options: [{ label: 'Where were you born?', detail: 'Life', apply: 'aaa-1' }],
    });
    expect(findTagCompletions('x # answer: ', QUESTIONS)?.options).toHaveLength(2);
    expect(findTagCompletions('x # answer: bbb', QUESTIONS)?.options[0]).toMatchObject({
      detail: 'Life · not recorded',
    });
  });

  it('offers clip names after # clip:', () => {
    expect(findTagCompletions('Hi # clip: ', QUESTIONS)?.options.map((o) => o.label)).toEqual([
      'intro',
      'idle',
      'cannot-answer',
      'please-repeat',
    ]);
    expect(findTagCompletions('Hi # clip: p', QUESTIONS)?.options.map((o) => o.label)).toEqual([
      'please-repeat',
    ]);
  });

  it('offers nothing outside a clip tag', () => {
    expect(findTagCompletions('Hello # mood: ', QUESTIONS)).toBeNull();
    expect(findTagCompletions('Hello', QUESTIONS)).toBeNull();
  });
});
