import { describe, expect, it } from 'vitest';
import { buildUploadSummary } from '../test/upload-summaries';
import type { VideoUploadEntry } from '../types';
import { getTargetOfSummary, planRestore } from './restore-plan';

const summary = buildUploadSummary;

const tracked = {
  clientKey: 'local-1',
  storyfileId: 's-1',
  target: { kind: 'question', questionId: 'q-9', topicName: '', questionText: '' },
  serverUploadId: 'known',
  sizeBytes: 1000,
  uploadedBytes: 0,
  percentage: 0,
} as VideoUploadEntry;

describe('getTargetOfSummary', () => {
  it.each([
    [
      'a question',
      summary({}),
      {
        kind: 'question',
        questionId: 'q-1',
        topicName: 'Childhood',
        questionText: 'Where were you born?',
      },
    ],
    [
      'a clip',
      summary({ questionId: null, clipKind: 'idle' }),
      { kind: 'clip', clipKind: 'idle', label: expect.any(String) as string },
    ],
    ['nothing', summary({ questionId: null }), null],
  ])('reads %s', (_name, upload, target) => {
    expect(getTargetOfSummary(upload)).toEqual(target);
  });
});

describe('planRestore', () => {
  it.each([
    ['the newest upload of a target', [summary({ id: 'a' }), summary({ id: 'b' })], [], ['a']],
    ['not a dismissed one', [summary({ id: 'a' })], ['a'], []],
    ['not a processed one', [summary({ id: 'a', phase: 'ready' })], [], []],
    ['not a cancelled one', [summary({ id: 'a', phase: 'cancelled' })], [], []],
    ['not an avatar', [summary({ id: 'a', kind: 'avatar' })], [], []],
    ['not one without a storyfile', [summary({ id: 'a', storyfileId: null })], [], []],
    ['not one for a tracked target', [summary({ id: 'a', questionId: 'q-9' })], [], []],
    [
      'one per target',
      [summary({ id: 'a' }), summary({ id: 'b', questionId: 'q-2' })],
      [],
      ['a', 'b'],
    ],
  ])('brings back %s', (_name, uploads, dismissed, ids) => {
    const plan = planRestore([tracked], uploads, new Set(dismissed));
    expect(plan.toRestore.map(({ upload }) => upload.id)).toEqual(ids);
    expect(plan.entries).toEqual([tracked]);
  });

  it('gives a known upload the bytes the server holds', () => {
    const plan = planRestore([tracked], [summary({ id: 'known', uploadedBytes: 500 })], new Set());
    expect(plan.toRestore).toEqual([]);
    expect(plan.entries[0]).toMatchObject({ uploadedBytes: 500, percentage: 50 });
  });
});
