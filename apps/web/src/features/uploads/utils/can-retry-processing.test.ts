import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import type { VideoUploadEntry } from '../types';
import { canRetryProcessing } from './can-retry-processing';

const failed = {
  phase: 'failed',
  serverUploadId: 'up-1',
  error: VIDEO_PROCESSING_MESSAGES.failed,
} as VideoUploadEntry;

describe('canRetryProcessing', () => {
  it.each([
    ['a processing failure on the studio side', failed, true],
    ['a file the studio refused', { ...failed, error: VIDEO_PROCESSING_MESSAGES.notAVideo }, false],
    ['a failure before the server knew the upload', { ...failed, serverUploadId: null }, false],
    ['an upload still processing', { ...failed, phase: 'processing' }, false],
  ] as const)('%s: %s', (_name, entry, expected) => {
    expect(canRetryProcessing(entry as VideoUploadEntry)).toBe(expected);
  });
});
