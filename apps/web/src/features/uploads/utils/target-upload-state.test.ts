import { describe, expect, it } from 'vitest';
import type { TrackedVideoUpload } from '../types';
import { getTargetUploadState } from './target-upload-state';

function tracked(overrides: Partial<TrackedVideoUpload>): TrackedVideoUpload {
  return {
    id: 'u',
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target: { kind: 'clip', clipKind: 'idle', label: 'Idle loop' },
    topicName: 'Clips',
    questionText: 'Idle loop',
    percentage: 0,
    uploadStatus: null,
    phase: 'uploading',
    error: null,
    ...overrides,
  };
}

describe('target upload state (for the recording tab)', () => {
  it('answers the newest upload of the target, queued and paused counting as uploading', () => {
    const uploads = [
      tracked({ phase: 'failed', error: 'This video is empty (0 seconds).' }),
      tracked({ phase: 'paused', percentage: 30 }),
      tracked({
        target: { kind: 'question', questionId: 'q-1', topicName: 'T', questionText: 'Q' },
        phase: 'processing',
        percentage: 100,
      }),
    ];
    expect(getTargetUploadState(uploads, 'clip:idle')).toEqual({
      phase: 'uploading',
      percentage: 30,
      error: null,
    });
    expect(getTargetUploadState(uploads, 'question:q-1')).toEqual({
      phase: 'processing',
      percentage: 100,
      error: null,
    });
    expect(getTargetUploadState(uploads, 'clip:intro')).toBeUndefined();
  });
});
