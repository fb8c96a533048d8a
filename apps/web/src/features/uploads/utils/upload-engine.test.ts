import type { UploadStatus, UploadSummary } from '@conversa/contracts';
import type { UploadOptions } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import { buildUploadSummary } from '../test/upload-summaries';
import type { RecordedBlobStore } from './recorded-blob-store';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { canRetryProcessing } from './can-retry-processing';
import { VideoUploadEngine, WRONG_FILE_MESSAGE } from './upload-engine';
import type { TusUploadLike } from './upload-engine-deps';

type FakeTus = TusUploadLike & { options: UploadOptions; file: Blob; started: number };

function setup(
  overrides: {
    statuses?: (UploadStatus | null)[];
    recent?: UploadSummary[];
    retryProcessing?: (uploadId: string) => Promise<UploadStatus>;
  } = {},
) {
  const uploads: FakeTus[] = [];
  const statuses = [...(overrides.statuses ?? [])];
  const waits: number[] = [];
  const settled: string[] = [];
  const blobStore: RecordedBlobStore = {
    put: vi.fn(() => Promise.resolve()),
    setUploadUrl: vi.fn(() => Promise.resolve()),
    remove: vi.fn(() => Promise.resolve()),
    list: vi.fn(() => Promise.resolve([])),
  };
  const terminateUpload = vi.fn(() => Promise.resolve());
  const engine = new VideoUploadEngine({
    userId: 'u-1',
    endpoint: 'http://studio.test/files/',
    headers: { 'x-system-id': 'conversa-studio-web' },
    createUpload: (file, options) => {
      const upload: FakeTus = {
        url: null,
        file,
        options,
        started: 0,
        start() {
          this.started += 1;
        },
        abort: vi.fn(() => Promise.resolve()),
        findPreviousUploads: () => Promise.resolve([]),
        resumeFromPreviousUpload: vi.fn(),
      };
      uploads.push(upload);
      return upload;
    },
    terminateUpload,
    fetchStatus: () => Promise.resolve(statuses.shift() ?? null),
    retryProcessing:
      overrides.retryProcessing ?? (() => Promise.resolve({ status: 'START', error: null })),
    listRecent: () => Promise.resolve(overrides.recent ?? []),
    blobStore,
    onSettled: (id) => settled.push(id),
    beforeRequest: () => Promise.resolve(),
    refreshSession: () => Promise.resolve(true),
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { engine, uploads, waits, settled, blobStore, terminateUpload };
}

const target = {
  kind: 'question',
  questionId: 'q-1',
  topicName: 'Childhood',
  questionText: 'Where were you born?',
} as const;

function startOne(engine: VideoUploadEngine, file: Blob = new File(['x'.repeat(1000)], 'a.mp4')) {
  return engine.start({
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target,
    file,
    filename: 'a.mp4',
    filetype: 'video/mp4',
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload engine', () => {
  it('uploads with the metadata, then polls until END (spec §4) and refreshes the storyfile', async () => {
    const { engine, uploads, waits, settled } = setup({
      statuses: [{ status: 'START', error: null }, null, { status: 'END', error: null }],
    });
    const key = startOne(engine);
    await flush();
    const tus = uploads[0]!;
    expect(tus.started).toBe(1);
    expect(tus.options.metadata).toEqual({
      storyfile_id: 's-1',
      question_id: 'q-1',
      filename: 'a.mp4',
      filetype: 'video/mp4',
    });
    expect(tus.options.headers).toEqual({ 'x-system-id': 'conversa-studio-web' });
    expect(tus.options.storeFingerprintForResuming).toBe(true);

    tus.url = 'http://studio.test/files/abc123';
    tus.options.onUploadUrlAvailable!();
    tus.options.onProgress!(420, 1000);
    expect(engine.getSnapshot()[0]).toMatchObject({
      id: 'abc123',
      phase: 'uploading',
      percentage: 42,
      topicName: 'Childhood',
      questionText: 'Where were you born?',
    });

    tus.options.onSuccess!({ lastResponse: {} as never });
    expect(engine.getSnapshot()[0]).toMatchObject({ phase: 'processing', uploadStatus: 0 });
    await vi.waitFor(() => expect(engine.getSnapshot()[0]!.phase).toBe('ready'));
    expect(engine.getSnapshot()[0]).toMatchObject({ uploadStatus: 1, pollsMade: 3 });
    expect(waits).toEqual([2000, 3000, 4000]);
    expect(settled).toEqual(['s-1', 's-1']);
    expect(engine.hasFile(key)).toBe(true);
  });

  it('tries the processing again after the studio failed it, without the file, and polls to END', async () => {
    const retried: string[] = [];
    const { engine, uploads } = setup({
      statuses: [
        { status: 'FAIL', error: VIDEO_PROCESSING_MESSAGES.failed },
        { status: 'END', error: null },
      ],
      retryProcessing: (uploadId) => {
        retried.push(uploadId);
        return Promise.resolve({ status: 'START', error: null });
      },
    });
    const key = startOne(engine);
    await flush();
    const tus = uploads[0]!;
    tus.url = 'http://studio.test/files/abc123';
    tus.options.onUploadUrlAvailable!();
    tus.options.onSuccess!({ lastResponse: {} as never });
    await vi.waitFor(() => expect(engine.getSnapshot()[0]!.phase).toBe('failed'));
    expect(canRetryProcessing(engine.getSnapshot()[0]!)).toBe(true);

    await engine.retryProcessing(key);
    expect(retried).toEqual(['abc123']);
    await vi.waitFor(() => expect(engine.getSnapshot()[0]!.phase).toBe('ready'));
    // The bytes were never sent again.
    expect(uploads).toHaveLength(1);
  });

  it('offers Try again only for a failure on the studio side, and shows a refusal', async () => {
    const { engine, uploads } = setup({
      statuses: [{ status: 'FAIL', error: VIDEO_PROCESSING_MESSAGES.failed }],
      retryProcessing: () =>
        Promise.reject(
          new Error('This upload cannot be processed again. Please upload the file again.'),
        ),
    });
    const key = startOne(engine);
    await flush();
    uploads[0]!.url = 'http://studio.test/files/abc123';
    uploads[0]!.options.onUploadUrlAvailable!();
    uploads[0]!.options.onSuccess!({ lastResponse: {} as never });
    await vi.waitFor(() => expect(engine.getSnapshot()[0]!.phase).toBe('failed'));
    await engine.retryProcessing(key);
    const entry = engine.getSnapshot()[0]!;
    expect(entry).toMatchObject({
      phase: 'failed',
      error: 'This upload cannot be processed again. Please upload the file again.',
    });
    expect(canRetryProcessing(entry)).toBe(false);
    expect(canRetryProcessing({ ...entry, error: VIDEO_PROCESSING_MESSAGES.notAVideo })).toBe(
      false,
    );
  });

  it('shows the server reason of a refusal and resumes on Retry', async () => {
    const { engine, uploads } = setup();
    const key = startOne(engine);
    await flush();
    const refusal = Object.assign(new Error('tus: unexpected response'), {
      originalResponse: {
        getStatus: () => 403,
        getBody: () => 'You need to be at least "Content Creator"\n',
      },
    });
    uploads[0]!.options.onError!(refusal);
    expect(engine.getSnapshot()[0]).toMatchObject({
      phase: 'failed',
      error: 'You need to be at least "Content Creator"',
    });
    engine.retry(key);
    await flush();
    expect(uploads).toHaveLength(2);
    expect(engine.getSnapshot()[0]!.phase).toBe('uploading');
  });

  it('pauses by aborting without deleting, and cancels with tus termination', async () => {
    const { engine, uploads } = setup();
    const key = startOne(engine);
    await flush();
    uploads[0]!.url = 'http://studio.test/files/abc';
    engine.pause(key);
    expect(uploads[0]!.abort).toHaveBeenCalledWith(false);
    expect(engine.getSnapshot()[0]!.phase).toBe('paused');
    engine.resume(key);
    await flush();
    expect(uploads).toHaveLength(2);
    uploads[1]!.url = 'http://studio.test/files/abc';
    await engine.cancel(key);
    expect(uploads[1]!.abort).toHaveBeenCalledWith(true);
    expect(engine.getSnapshot()).toEqual([]);
  });

  it('runs two uploads at a time and queues the rest', async () => {
    const { engine, uploads } = setup();
    startOne(engine);
    engine.start({
      storyfileId: 's-1',
      storyfileName: 'Grandma Rose',
      target: { kind: 'clip', clipKind: 'idle', label: 'Idle loop' },
      file: new File(['b'], 'b.mp4'),
      filename: 'b.mp4',
      filetype: 'video/mp4',
    });
    engine.start({
      storyfileId: 's-1',
      storyfileName: 'Grandma Rose',
      target: { kind: 'clip', clipKind: 'intro', label: 'Intro' },
      file: new File(['c'], 'c.mp4'),
      filename: 'c.mp4',
      filetype: 'video/mp4',
    });
    await flush();
    expect(engine.getSnapshot().map((entry) => entry.phase)).toEqual([
      'uploading',
      'uploading',
      'queued',
    ]);
    uploads[0]!.options.onSuccess!({ lastResponse: {} as never });
    await flush();
    expect(engine.getSnapshot()[2]!.phase).toBe('uploading');
  });

  it('keeps a recorded Blob in IndexedDB until its bytes are in', async () => {
    const { engine, uploads, blobStore } = setup();
    const key = startOne(engine, new Blob(['take'], { type: 'video/webm' }));
    await flush();
    expect(blobStore.put).toHaveBeenCalledWith(
      expect.objectContaining({ clientKey: key, userId: 'u-1' }),
    );
    expect(uploads[0]!.options.storeFingerprintForResuming).toBe(false);
    uploads[0]!.url = 'http://studio.test/files/rec1';
    uploads[0]!.options.onUploadUrlAvailable!();
    expect(blobStore.setUploadUrl).toHaveBeenCalledWith(key, 'http://studio.test/files/rec1');
    uploads[0]!.options.onSuccess!({ lastResponse: {} as never });
    expect(blobStore.remove).toHaveBeenCalledWith(key);
  });

  it('restores the dialog after a reload: unfinished files wait for the file, processing ones poll', async () => {
    const summary = buildUploadSummary;
    const { engine, uploads } = setup({
      statuses: [{ status: 'END', error: null }],
      recent: [
        summary({ id: 'up-1' }),
        // An older upload onto the same question is history, not something to resume.
        summary({ id: 'old', phase: 'failed', error: 'lost' }),
        summary({ id: 'up-2', phase: 'processing', questionId: 'q-2', uploadedBytes: 1000 }),
        summary({ id: 'done', phase: 'ready', questionId: 'q-3' }),
        summary({ id: 'avatar', kind: 'avatar', storyfileId: null, questionId: null }),
      ],
    });
    await engine.restore();
    const entries = engine.getSnapshot();
    expect(entries.map((entry) => [entry.id, entry.phase, entry.needsFile])).toEqual([
      ['up-1', 'paused', true],
      ['up-2', 'processing', false],
    ]);
    expect(entries[0]).toMatchObject({
      percentage: 40,
      uploadUrl: 'http://studio.test/files/up-1',
      storyfileName: 'Grandma Rose',
    });
    await vi.waitFor(() => expect(engine.getSnapshot()[1]!.phase).toBe('ready'));

    expect(engine.provideFile(entries[0]!.clientKey, new File(['short'], 'other.mp4'))).toBe(
      WRONG_FILE_MESSAGE,
    );
    expect(engine.provideFile(entries[0]!.clientKey, new File(['y'.repeat(1000)], 'big.mp4'))).toBe(
      null,
    );
    await flush();
    expect(uploads[0]!.options.uploadUrl).toBe('http://studio.test/files/up-1');
    expect(engine.getSnapshot()[0]!.phase).toBe('uploading');
  });
});
