import { describe, expect, it } from 'vitest';
import { buildTargetEntries } from './target-entries';
import type { RecordTargetItem } from './targets';
import type { TargetUploadState } from './upload-state';

function item(key: string, isRecorded: boolean): RecordTargetItem {
  return {
    key,
    target: { kind: 'question', questionId: key, topicName: 'Childhood', questionText: `${key}?` },
    isRecorded,
    prompt: null,
    questionNumber: 1,
    groupName: 'Childhood',
    groupKey: 'topic:t1',
  };
}

const uploads: Record<string, TargetUploadState> = {
  uploading: { phase: 'uploading', percentage: 42, error: null },
  failed: { phase: 'failed', percentage: 100, error: 'This video is empty (0 seconds).' },
  ready: { phase: 'ready', percentage: 100, error: null },
};

describe('buildTargetEntries', () => {
  it.each([
    ['nothing known', item('q', false), undefined, false, 'Not recorded', false],
    ['recorded on the server', item('q', true), undefined, false, 'Recorded', true],
    ['kept in this visit', item('q', false), undefined, true, 'Take kept', true],
    ['uploading', item('q', false), uploads.uploading, true, '42% Uploading', true],
    ['uploaded', item('q', false), uploads.ready, false, 'Recorded', true],
    [
      'failed, though recorded before',
      item('q', true),
      uploads.failed,
      true,
      'Upload failed: This video is empty (0 seconds).',
      false,
    ],
  ])('%s -> %s, done %s', (_case, target, uploadState, isKept, label, isDone) => {
    const [entry] = buildTargetEntries([target], {
      getUploadState: (key) => (key === target.key ? uploadState : undefined),
      keptKeys: new Set(isKept ? [target.key] : []),
    });
    expect(entry).toMatchObject({ item: target, status: { label }, isDone });
  });

  it('works without upload states and keeps the order', () => {
    const entries = buildTargetEntries([item('a', true), item('b', false)], {
      getUploadState: undefined,
      keptKeys: new Set(['b']),
    });
    expect(entries.map((entry) => [entry.item.key, entry.status.label, entry.isDone])).toEqual([
      ['a', 'Recorded', true],
      ['b', 'Take kept', true],
    ]);
  });
});
