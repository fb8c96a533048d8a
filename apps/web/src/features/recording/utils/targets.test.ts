import { DEFAULT_CLIP_PROMPTS, type StoryfileDetail } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  findAdjacentKey,
  findInitialKey,
  findNextUnrecordedKey,
  getTargetKey,
  getTargetTitle,
  groupRecordTargets,
  listRecordTargets,
  resolveCurrentKey,
} from './targets';

type Topic = StoryfileDetail['topics'][number];

function question(id: string, position: number, recorded = false): Topic['questions'][number] {
  return {
    id,
    topicId: 't',
    text: `Question ${id}?`,
    alternates: [],
    position,
    sourceQuestionId: null,
    answerRecordedAt: recorded ? '2026-11-01T00:00:00.000Z' : null,
    queuedToRecordAt: null,
  };
}

function topic(id: string, name: string, position: number, questions: Topic['questions']): Topic {
  return { id, name, position, sourceTopicId: null, questions };
}

const clips: StoryfileDetail['clips'] = [
  {
    kind: 'pleaseRepeat',
    label: 'Please repeat',
    prompt: DEFAULT_CLIP_PROMPTS.pleaseRepeat,
    recordedAt: null,
  },
  {
    kind: 'idle',
    label: 'Idle loop',
    prompt: DEFAULT_CLIP_PROMPTS.idle,
    recordedAt: '2026-11-01T00:00:00.000Z',
  },
  { kind: 'intro', label: 'Intro', prompt: 'Hi there!', recordedAt: null },
  {
    kind: 'cannotAnswer',
    label: 'Cannot answer',
    prompt: DEFAULT_CLIP_PROMPTS.cannotAnswer,
    recordedAt: null,
  },
];

const storyfile = {
  // Given out of order on purpose: positions decide.
  topics: [
    topic('t2', 'Work', 1, [question('w2', 1), question('w1', 0, true)]),
    topic('t1', 'Childhood', 0, [question('c1', 0, true), question('c2', 1)]),
  ],
  clips,
};

describe('listRecordTargets', () => {
  const items = listRecordTargets(storyfile);

  it('orders questions topic by topic by position, then the four clips in their fixed order', () => {
    expect(items.map((item) => item.key)).toEqual([
      'question:c1',
      'question:c2',
      'question:w1',
      'question:w2',
      'clip:idle',
      'clip:intro',
      'clip:cannotAnswer',
      'clip:pleaseRepeat',
    ]);
  });

  it('numbers questions across topics and carries topic names, clip labels and prompts', () => {
    expect(items.map((item) => item.questionNumber)).toEqual([1, 2, 3, 4, null, null, null, null]);
    expect(items[2]?.target).toEqual({
      kind: 'question',
      questionId: 'w1',
      topicName: 'Work',
      questionText: 'Question w1?',
    });
    expect(items.slice(4).map((item) => getTargetTitle(item.target))).toEqual([
      'Idle loop',
      'Intro',
      'Cannot answer',
      'Please repeat',
    ]);
    expect(items[5]?.prompt).toBe('Hi there!');
  });

  it('reads recorded from answerRecordedAt and recordedAt', () => {
    expect(items.map((item) => item.isRecorded)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('getTargetKey', () => {
  it.each([
    [
      { kind: 'question', questionId: 'q-1', topicName: 'T', questionText: 'Q?' } as const,
      'question:q-1',
    ],
    [
      { kind: 'clip', clipKind: 'cannotAnswer', label: 'Cannot answer' } as const,
      'clip:cannotAnswer',
    ],
  ])('keys %o as %s', (target, key) => {
    expect(getTargetKey(target)).toBe(key);
  });
});

describe('groupRecordTargets', () => {
  it('groups by topic, keeping two topics of the same name apart, then Clips', () => {
    const items = listRecordTargets({
      topics: [
        topic('a', 'Family', 0, [question('a1', 0)]),
        topic('b', 'Family', 1, [question('b1', 0)]),
      ],
      clips,
    });
    expect(groupRecordTargets(items).map((group) => [group.name, group.items.length])).toEqual([
      ['Family', 1],
      ['Family', 1],
      ['Clips', 4],
    ]);
  });
});

describe('finding the next target', () => {
  const items = listRecordTargets(storyfile);

  it('starts on the first unrecorded target', () => {
    expect(findInitialKey(items)).toBe('question:c2');
  });

  it('starts on the first target when everything is recorded', () => {
    expect(findInitialKey(items, () => false)).toBe('question:c1');
    expect(findInitialKey([])).toBeNull();
  });

  it.each([
    ['question:c2', 'question:w2'],
    ['question:w2', 'clip:intro'],
    ['clip:pleaseRepeat', 'question:c2'],
    [null, 'question:c2'],
  ])('after %s the next unrecorded is %s (wrapping round)', (current, next) => {
    expect(findNextUnrecordedKey(items, current)).toBe(next);
  });

  it('skips what the caller says is done, and gives up when nothing else needs a take', () => {
    const done = new Set(['question:w2', 'clip:intro']);
    expect(
      findNextUnrecordedKey(
        items,
        'question:c2',
        (item) => !item.isRecorded && !done.has(item.key),
      ),
    ).toBe('clip:cannotAnswer');
    expect(findNextUnrecordedKey(items, 'question:c2', (item) => item.key === 'question:c2')).toBe(
      undefined,
    );
  });

  it('steps to the neighbours without wrapping', () => {
    expect(findAdjacentKey(items, 'question:c2', 1)).toBe('question:w1');
    expect(findAdjacentKey(items, 'question:c2', -1)).toBe('question:c1');
    expect(findAdjacentKey(items, 'question:c1', -1)).toBeUndefined();
    expect(findAdjacentKey(items, 'clip:pleaseRepeat', 1)).toBeUndefined();
    expect(findAdjacentKey(items, 'nope', 1)).toBeUndefined();
  });
});

describe('resolveCurrentKey', () => {
  const items = listRecordTargets(storyfile);
  it.each([
    ['a chosen target that exists', 'question:w1', 'question:w1'],
    ['a chosen clip', 'clip:idle', 'clip:idle'],
    ['a deleted question: the first needing a take', 'question:gone', 'question:c2'],
    ['no choice: the first needing a take', null, 'question:c2'],
  ])('keeps %s', (_case, selectedKey, expected) => {
    expect(resolveCurrentKey(items, selectedKey)).toBe(expected);
  });

  it("falls back with the caller's idea of what needs a take", () => {
    expect(resolveCurrentKey(items, 'question:gone', (item) => item.key === 'clip:intro')).toBe(
      'clip:intro',
    );
    expect(resolveCurrentKey([], 'question:c1')).toBeNull();
  });
});
