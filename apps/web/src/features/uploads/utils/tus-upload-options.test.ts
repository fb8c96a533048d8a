import type { PreviousUpload } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import type { VideoUploadEntry } from '../types';
import { buildTusUploadOptions, pickNewestPreviousUpload } from './tus-upload-options';

function previous(uploadUrl: string | null, creationTime: string): PreviousUpload {
  return { uploadUrl, creationTime } as PreviousUpload;
}

describe('pickNewestPreviousUpload', () => {
  it.each([
    ['none', [], undefined],
    [
      'the newest with a URL',
      [
        previous('http://s/a', '2024-01-01T00:00:00Z'),
        previous('http://s/b', '2024-01-02T00:00:00Z'),
        previous(null, '2024-01-03T00:00:00Z'),
      ],
      'http://s/b',
    ],
    ['none without a URL', [previous(null, '2024-01-03T00:00:00Z')], undefined],
  ])('picks %s', (_name, uploads, url) => {
    expect(pickNewestPreviousUpload(uploads)?.uploadUrl).toBe(url);
  });
});

describe('buildTusUploadOptions', () => {
  const entry = {
    storyfileId: 's-1',
    target: { kind: 'question', questionId: 'q-1', topicName: '', questionText: '' },
    uploadUrl: null,
    filename: 'a.mp4',
    filetype: 'video/mp4',
  } as VideoUploadEntry;
  const handlers = {
    onUrlKnown: vi.fn(),
    onProgress: vi.fn(),
    onSuccess: vi.fn(),
    onError: vi.fn(),
    readUploadUrl: () => 'http://studio.test/files/abc123',
  };
  const deps = {
    userId: 'u-1',
    endpoint: 'http://studio.test/files/',
    headers: {},
    beforeRequest: () => Promise.resolve(),
    refreshSession: vi.fn(() => Promise.resolve(true)),
  };

  it('fingerprints the file per user, storyfile and target', async () => {
    const options = buildTusUploadOptions({
      deps,
      chunkSize: 10,
      entry,
      isRecorded: false,
      handlers,
    });
    const file = new File(['x'], 'a.mp4', { type: 'video/mp4', lastModified: 7 });
    await expect(options.fingerprint!(file, options)).resolves.toBe(
      'conversa-video|u-1|s-1|question:q-1|a.mp4|video/mp4|1|7',
    );
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(options.uploadUrl).toBeUndefined();
  });

  it('refreshes the session on a 401 and tells the upload URL with its id', () => {
    const options = buildTusUploadOptions({
      deps,
      chunkSize: 10,
      entry,
      isRecorded: true,
      handlers,
    });
    const unauthorized = Object.assign(new Error('401'), {
      originalResponse: { getStatus: () => 401, getBody: () => '' },
    });
    expect(options.onShouldRetry!(unauthorized as never, 0, options)).toBe(true);
    expect(deps.refreshSession).toHaveBeenCalledOnce();
    options.onUploadUrlAvailable!();
    expect(handlers.onUrlKnown).toHaveBeenCalledWith('http://studio.test/files/abc123', 'abc123');
    expect(options.storeFingerprintForResuming).toBe(false);
  });
});
