import { describe, expect, it } from 'vitest';
import {
  planQuestionDrop,
  planTopicDrop,
  type BuilderDrop,
  type QuestionDropPlan,
  type TopicDropPlan,
} from './builder-drops';

function drop(
  draggableId: string,
  [sourceId, sourceIndex]: [string, number],
  [destinationId, destinationIndex]: [string, number],
): BuilderDrop {
  return {
    draggableId,
    source: { droppableId: sourceId, index: sourceIndex },
    destination: { droppableId: destinationId, index: destinationIndex },
  };
}

describe('planTopicDrop', () => {
  it.each<[string, BuilderDrop, TopicDropPlan]>([
    [
      'a library topic dropped on the script is added at the drop place',
      drop('library-topic:lt1', ['library-topics', 4], ['script-topics', 1]),
      { kind: 'add-library-topic', libraryTopicId: 'lt1', index: 1 },
    ],
    [
      'a script topic dropped further down moves',
      drop('script-topic:t1', ['script-topics', 0], ['script-topics', 2]),
      { kind: 'move-topic', from: 0, to: 2 },
    ],
    [
      'a script topic dropped further up moves',
      drop('script-topic:t3', ['script-topics', 2], ['script-topics', 0]),
      { kind: 'move-topic', from: 2, to: 0 },
    ],
    [
      'a script topic dropped on its own place changes nothing',
      drop('script-topic:t1', ['script-topics', 1], ['script-topics', 1]),
      { kind: 'ignore' },
    ],
    [
      'a topic dropped on the library changes nothing',
      drop('script-topic:t1', ['script-topics', 0], ['library-topics', 0]),
      { kind: 'ignore' },
    ],
    [
      'a topic from an unknown list changes nothing',
      drop('other:x', ['somewhere', 0], ['script-topics', 0]),
      { kind: 'ignore' },
    ],
  ])('%s', (_case, value, expected) => {
    expect(planTopicDrop(value)).toEqual(expected);
  });
});

describe('planQuestionDrop', () => {
  it.each<[string, BuilderDrop, QuestionDropPlan]>([
    [
      'a library question dropped into a script topic is added there',
      drop('library-question:lq2', ['library-questions:lt1', 1], ['script-questions:t2', 0]),
      {
        kind: 'add-library-question',
        libraryTopicId: 'lt1',
        libraryQuestionId: 'lq2',
        destination: { topicId: 't2', index: 0 },
      },
    ],
    [
      'a script question moved within its topic',
      drop('script-question:q1', ['script-questions:t1', 0], ['script-questions:t1', 2]),
      {
        kind: 'move-question',
        source: { topicId: 't1', index: 0 },
        destination: { topicId: 't1', index: 2 },
      },
    ],
    [
      'a script question moved into another topic',
      drop('script-question:q1', ['script-questions:t1', 0], ['script-questions:t2', 0]),
      {
        kind: 'move-question',
        source: { topicId: 't1', index: 0 },
        destination: { topicId: 't2', index: 0 },
      },
    ],
    [
      'the same index in another topic is still a move',
      drop('script-question:q1', ['script-questions:t1', 1], ['script-questions:t2', 1]),
      {
        kind: 'move-question',
        source: { topicId: 't1', index: 1 },
        destination: { topicId: 't2', index: 1 },
      },
    ],
    [
      'a script question dropped on its own place changes nothing',
      drop('script-question:q1', ['script-questions:t1', 1], ['script-questions:t1', 1]),
      { kind: 'ignore' },
    ],
    [
      'a question dropped on the library changes nothing',
      drop('script-question:q1', ['script-questions:t1', 0], ['library-questions:lt1', 0]),
      { kind: 'ignore' },
    ],
    [
      'a question from an unknown list changes nothing',
      drop('other:x', ['somewhere', 0], ['script-questions:t1', 0]),
      { kind: 'ignore' },
    ],
  ])('%s', (_case, value, expected) => {
    expect(planQuestionDrop(value)).toEqual(expected);
  });
});
