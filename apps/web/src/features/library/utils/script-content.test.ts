import type { LibraryQuestion, ScriptDetail, TopicDetail } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  appendEmptyTopic,
  hasScriptQuestion,
  insertLibraryQuestion,
  insertLibraryTopic,
  isDraftId,
  moveScriptQuestion,
  moveScriptTopic,
  placeLibraryQuestion,
  removeScriptQuestion,
  removeScriptTopic,
  renameScriptTopic,
  toScriptContent,
} from './script-content';

const question = (id: string, text: string) => ({
  id,
  text,
  alternates: [],
  position: 0,
  sourceQuestionId: null,
});

function makeScript(): ScriptDetail {
  return {
    id: 's1',
    namespaceId: 'n1',
    namespaceLabel: 'acme',
    isShipped: false,
    name: 'Life story',
    description: '',
    language: 'en-US',
    topicCount: 2,
    questionCount: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    topics: [
      {
        id: 't1',
        name: 'Childhood',
        position: 0,
        sourceTopicId: null,
        questions: [question('q1', 'Where were you born?'), question('q2', 'Who raised you?')],
      },
      {
        id: 't2',
        name: 'Work',
        position: 1,
        sourceTopicId: null,
        questions: [question('q3', 'What was your first job?')],
      },
    ],
  };
}

const ids = (script: ScriptDetail) =>
  script.topics.map((topic) => `${topic.id}[${topic.questions.map((q) => q.id).join(',')}]`);

const libraryQuestion = (id: string, text: string): LibraryQuestion => ({
  id,
  namespaceId: 'n1',
  topicId: 'lt1',
  topicName: 'Family',
  text,
  alternates: ['Say something about them'],
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
});

describe('script content edits', () => {
  it('moves a topic and renumbers positions', () => {
    const next = moveScriptTopic(makeScript(), 0, 1);
    expect(ids(next)).toEqual(['t2[q3]', 't1[q1,q2]']);
    expect(next.topics.map((topic) => topic.position)).toEqual([0, 1]);
  });

  it.each([
    [
      'within a topic',
      { topicId: 't1', index: 0 },
      { topicId: 't1', index: 1 },
      ['t1[q2,q1]', 't2[q3]'],
    ],
    [
      'into another topic',
      { topicId: 't1', index: 1 },
      { topicId: 't2', index: 0 },
      ['t1[q1]', 't2[q2,q3]'],
    ],
    [
      'from an unknown topic (no change)',
      { topicId: 'x', index: 0 },
      { topicId: 't2', index: 0 },
      ['t1[q1,q2]', 't2[q3]'],
    ],
  ])('moves a question %s', (_name, source, destination, expected) => {
    expect(ids(moveScriptQuestion(makeScript(), source, destination))).toEqual(expected);
  });

  it('inserts a library topic with its questions as drafts that remember their source', () => {
    const topic = {
      id: 'lt1',
      name: 'Family',
      questions: [libraryQuestion('lq1', 'Tell me about your parents.')],
    } as TopicDetail;
    const next = insertLibraryTopic(makeScript(), topic, 1);
    expect(next.topics.map((item) => item.name)).toEqual(['Childhood', 'Family', 'Work']);
    expect(next.topicCount).toBe(3);
    expect(next.questionCount).toBe(4);
    const content = toScriptContent(next);
    expect(content.topics[1]).toEqual({
      name: 'Family',
      sourceTopicId: 'lt1',
      questions: [
        {
          text: 'Tell me about your parents.',
          alternates: ['Say something about them'],
          sourceQuestionId: 'lq1',
        },
      ],
    });
    expect(content.topics[0]?.id).toBe('t1');
  });

  it('inserts a library question where it was dropped and sees it as already present', () => {
    const libraryItem = libraryQuestion('lq1', 'Tell me about your parents.');
    const next = insertLibraryQuestion(makeScript(), libraryItem, { topicId: 't2', index: 0 });
    const added = next.topics[1]?.questions[0];
    expect(added?.text).toBe('Tell me about your parents.');
    expect(isDraftId(added?.id ?? '')).toBe(true);
    expect(hasScriptQuestion(makeScript(), libraryItem)).toBe(false);
    expect(hasScriptQuestion(next, libraryItem)).toBe(true);
  });

  it('removes a question and recounts', () => {
    const next = removeScriptQuestion(makeScript(), 't1', 'q1');
    expect(ids(next)).toEqual(['t1[q2]', 't2[q3]']);
    expect(next.questionCount).toBe(2);
  });

  it('renames one topic and keeps its id for the save', () => {
    const next = renameScriptTopic(makeScript(), 't2', 'Career');
    expect(toScriptContent(next).topics.map((topic) => [topic.id, topic.name])).toEqual([
      ['t1', 'Childhood'],
      ['t2', 'Career'],
    ]);
  });
});

describe('adding topics', () => {
  it('appends an empty draft topic and recounts', () => {
    const next = appendEmptyTopic(makeScript(), 'Travel');
    expect(next.topics.map((topic) => [topic.name, topic.position, topic.sourceTopicId])).toEqual([
      ['Childhood', 0, null],
      ['Work', 1, null],
      ['Travel', 2, null],
    ]);
    expect(isDraftId(next.topics[2]!.id)).toBe(true);
    expect(next.topicCount).toBe(3);
  });

  it('remembers the library topic an appended topic comes from', () => {
    const next = appendEmptyTopic(makeScript(), 'Family', 'lt1');
    expect(toScriptContent(next).topics[2]).toEqual({
      name: 'Family',
      sourceTopicId: 'lt1',
      questions: [],
    });
  });

  it('removes a topic with its questions and recounts', () => {
    const next = removeScriptTopic(makeScript(), 't1');
    expect(ids(next)).toEqual(['t2[q3]']);
    expect([next.topicCount, next.questionCount]).toEqual([1, 1]);
    expect(next.topics[0]!.position).toBe(0);
  });
});

describe('placeLibraryQuestion', () => {
  // `libraryQuestion` belongs to the library topic lt1 ("Family").
  const withFamily = (): ScriptDetail => {
    const script = makeScript();
    return {
      ...script,
      topics: script.topics.map((topic) =>
        topic.id === 't2' ? { ...topic, sourceTopicId: 'lt1' } : topic,
      ),
    };
  };
  const texts = (script: ScriptDetail) =>
    script.topics.map((topic) => [topic.name, topic.questions.map((item) => item.text)]);
  const added = libraryQuestion('lq1', 'Tell me about your parents.');

  it.each<[string, () => ScriptDetail, { topicId: string; index: number } | undefined, unknown]>([
    [
      'goes where it was dropped',
      withFamily,
      { topicId: 't1', index: 1 },
      [
        ['Childhood', ['Where were you born?', added.text, 'Who raised you?']],
        ['Work', ['What was your first job?']],
      ],
    ],
    [
      'without a drop place, ends the topic taken from its library topic',
      withFamily,
      undefined,
      [
        ['Childhood', ['Where were you born?', 'Who raised you?']],
        ['Work', ['What was your first job?', added.text]],
      ],
    ],
    [
      'without a drop place or such a topic, starts a topic named after its library topic',
      makeScript,
      undefined,
      [
        ['Childhood', ['Where were you born?', 'Who raised you?']],
        ['Work', ['What was your first job?']],
        ['Family', [added.text]],
      ],
    ],
  ])('%s', (_case, build, destination, expected) => {
    expect(texts(placeLibraryQuestion(build(), added, destination))).toEqual(expected);
  });

  it('puts the next question of the same library topic into the topic it started', () => {
    const first = placeLibraryQuestion(makeScript(), added);
    const next = placeLibraryQuestion(first, libraryQuestion('lq2', 'Who were your siblings?'));
    expect(texts(next).at(-1)).toEqual(['Family', [added.text, 'Who were your siblings?']]);
    expect(toScriptContent(next).topics.at(-1)?.sourceTopicId).toBe('lt1');
  });
});

describe('hasScriptQuestion', () => {
  it.each([
    ['taken from that library question', 'Something else?', 'lq1', true],
    ['with the same text', 'Where were you born?', null, true],
    ['with the same text in other case and spacing', '  where WERE you born?  ', null, true],
    ['taken from another library question', 'Something else?', 'lq7', false],
    ['with neither', 'Who were your siblings?', null, false],
  ])('sees a question %s: %s', (_case, text, sourceOfFirstQuestion, expected) => {
    const script = makeScript();
    script.topics[0]!.questions[0]!.sourceQuestionId = sourceOfFirstQuestion;
    expect(hasScriptQuestion(script, libraryQuestion('lq1', text))).toBe(expected);
  });
});
