import type { StoryfileDetail } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  assignDefaultTargets,
  findRowProblems,
  getFileRejection,
  listTargetOptions,
  matchFileToTarget,
} from './bulk-mapping';

const recorded = '2024-01-01T00:00:00.000Z';

function question(id: string, text: string, isRecorded = false) {
  return {
    id,
    topicId: 't',
    text,
    alternates: [],
    position: 0,
    sourceQuestionId: null,
    answerRecordedAt: isRecorded ? recorded : null,
  };
}

const storyfile = {
  id: 's-1',
  name: 'Grandma Rose',
  topics: [
    {
      id: 't-1',
      name: 'Childhood',
      position: 0,
      sourceTopicId: null,
      questions: [question('q-1', 'Where were you born?', true), question('q-2', 'Siblings?')],
    },
    {
      id: 't-2',
      name: 'Work',
      position: 1,
      sourceTopicId: null,
      questions: [question('q-3', 'First job?'), question('q-4', 'Best boss?')],
    },
  ],
  clips: [
    { kind: 'idle', label: 'Idle loop', prompt: '', recordedAt: null },
    { kind: 'intro', label: 'Intro', prompt: '', recordedAt: null },
    { kind: 'cannotAnswer', label: 'Cannot answer', prompt: '', recordedAt: null },
    { kind: 'pleaseRepeat', label: 'Please repeat', prompt: '', recordedAt: recorded },
  ],
} as unknown as StoryfileDetail;

describe('targets', () => {
  it('lists the questions in script order, then the four clips', () => {
    expect(
      listTargetOptions(storyfile).map((option) => [option.group, option.key, option.isRecorded]),
    ).toEqual([
      ['Childhood', 'question:q-1', true],
      ['Childhood', 'question:q-2', false],
      ['Work', 'question:q-3', false],
      ['Work', 'question:q-4', false],
      ['Clips', 'clip:idle', false],
      ['Clips', 'clip:intro', false],
      ['Clips', 'clip:cannotAnswer', false],
      ['Clips', 'clip:pleaseRepeat', true],
    ]);
  });
});

// Issue 15, defect 3: favorite-animal.mp4 and childhood_home.mp4 went to the first two
// unrecorded questions. A file is matched by its name, or not at all.
describe('matching files by name', () => {
  const named = {
    ...storyfile,
    topics: [
      {
        id: 't-3',
        name: 'Early years',
        position: 0,
        sourceTopicId: null,
        questions: [
          question('q-5', 'What was your childhood home like?'),
          question('q-6', 'What is your earliest memory?'),
          question('q-7', 'What is your favorite animal?'),
          question('q-8', 'What is your favorite food?'),
        ],
      },
    ],
  } as unknown as StoryfileDetail;
  const options = listTargetOptions(named);

  it.each([
    ['favorite-animal.mp4', 'question:q-7'],
    ['childhood_home.mp4', 'question:q-5'],
    ['EarliestMemory.MOV', 'question:q-6'],
    ['my favorite food take 2.webm', 'question:q-8'],
    ['intro.mp4', 'clip:intro'],
    ['idle.mp4', 'clip:idle'],
  ])('%s answers %s', (fileName, key) => {
    expect(matchFileToTarget(fileName, options)?.key).toBe(key);
  });

  it.each([
    ['IMG_0042.mp4', 'no meaningful word'],
    ['favorite.mp4', 'two questions fit equally'],
    ['holiday-in-rome.mp4', 'no question has these words'],
  ])('%s answers nothing (%s)', (fileName) => {
    expect(matchFileToTarget(fileName, options)).toBeNull();
  });

  it('assigns by name, never by the order of unrecorded questions', () => {
    expect(
      assignDefaultTargets(['favorite-animal.mp4', 'childhood_home.mp4'], options, new Set()),
    ).toEqual(['question:q-7', 'question:q-5']);
    expect(assignDefaultTargets(['IMG_0042.mp4', 'IMG_0043.mp4'], options, new Set())).toEqual([
      null,
      null,
    ]);
  });

  it('does not offer a target a row or an upload already holds, nor one twice in a drop', () => {
    expect(
      assignDefaultTargets(['favorite-animal.mp4'], options, new Set(['question:q-7'])),
    ).toEqual([null]);
    expect(
      assignDefaultTargets(['favorite-animal.mp4', 'favorite_animal (1).mp4'], options, new Set()),
    ).toEqual(['question:q-7', null]);
  });
});

describe('rows', () => {
  it('rejects files that are not videos with a clear message', () => {
    expect(getFileRejection({ name: 'take.mp4', type: 'video/mp4' })).toBeNull();
    expect(getFileRejection({ name: 'holiday.mkv', type: '' })).toBeNull();
    expect(getFileRejection({ name: 'notes.txt', type: 'text/plain' })).toBe(
      'notes.txt: Only video files can be uploaded here (.mp4, .m4v, .mov, .webm, .mkv, .ogv, .mpg, .mpeg, .avi, .3gp, .3g2).',
    );
  });

  it('asks for a target and refuses two files on one target', () => {
    const problems = findRowProblems([
      { id: 'a', fileName: 'a.mp4', targetKey: 'question:q-2' },
      { id: 'b', fileName: 'b.mp4', targetKey: null },
      { id: 'c', fileName: 'c.mp4', targetKey: 'question:q-2' },
    ]);
    expect([...problems]).toEqual([
      ['b', 'Choose what this video answers.'],
      ['c', 'a.mp4 already answers this; choose another.'],
    ]);
  });
});
