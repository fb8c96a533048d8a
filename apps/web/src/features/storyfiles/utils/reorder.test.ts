import type { StoryfileDetail } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { moveItem, moveQuestion, orderQuestions, orderStarters, orderTopics } from './reorder';

function question(id: string, topicId: string, position: number) {
  return {
    id,
    topicId,
    text: `Q ${id}`,
    alternates: [],
    position,
    sourceQuestionId: null,
    answerRecordedAt: null,
  };
}

const storyfile = {
  id: 's',
  topics: [
    {
      id: 't1',
      name: 'One',
      position: 0,
      sourceTopicId: null,
      questions: [question('a', 't1', 0), question('b', 't1', 1), question('c', 't1', 2)],
    },
    {
      id: 't2',
      name: 'Two',
      position: 1,
      sourceTopicId: null,
      questions: [question('d', 't2', 0)],
    },
  ],
  starters: [],
} as unknown as StoryfileDetail;

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 9, ['b', 'c', 'a']],
    [5, 0, ['a', 'b', 'c']],
  ])('from %i to %i', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
});

describe('checklist reorders', () => {
  it('orders topics and renumbers their positions', () => {
    const next = orderTopics(storyfile, ['t2', 't1']);
    expect(next.topics.map((topic) => [topic.id, topic.position])).toEqual([
      ['t2', 0],
      ['t1', 1],
    ]);
  });

  it('leaves the topics alone when the ids do not name each topic once', () => {
    expect(orderTopics(storyfile, ['t2'])).toBe(storyfile);
  });

  it('orders the questions of one topic', () => {
    const next = orderQuestions(storyfile, 't1', ['c', 'a', 'b']);
    expect(next.topics[0]?.questions.map((q) => [q.id, q.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(next.topics[1]).toBe(storyfile.topics[1]);
  });

  it('moves a question into another topic at an index', () => {
    const next = moveQuestion(storyfile, 'b', 't2', 0);
    expect(next.topics[0]?.questions.map((q) => [q.id, q.position])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
    expect(next.topics[1]?.questions.map((q) => [q.id, q.topicId, q.position])).toEqual([
      ['b', 't2', 0],
      ['d', 't2', 1],
    ]);
  });

  it('builds starters from checklist questions, in the given order', () => {
    const next = orderStarters(storyfile, ['d', 'a', 'missing']);
    expect(next.starters).toEqual([
      { questionId: 'd', topicId: 't2', text: 'Q d', position: 0 },
      { questionId: 'a', topicId: 't1', text: 'Q a', position: 1 },
    ]);
  });
});
