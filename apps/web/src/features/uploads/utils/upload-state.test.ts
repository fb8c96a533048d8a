import { UPLOAD_STATUS_MAX_POLLS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import type { VideoUploadEntry } from '../types';
import { getPollDelayMs, getUploadPercentage, transitionUpload } from './upload-state';

function buildEntry(overrides: Partial<VideoUploadEntry> = {}): VideoUploadEntry {
  return {
    id: 'local-1',
    clientKey: 'local-1',
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target: { kind: 'question', questionId: 'q-1', topicName: 'Childhood', questionText: 'Where?' },
    topicName: 'Childhood',
    questionText: 'Where?',
    percentage: 0,
    uploadStatus: null,
    phase: 'queued',
    error: null,
    serverUploadId: null,
    uploadUrl: null,
    filename: 'a.mp4',
    filetype: 'video/mp4',
    sizeBytes: 1000,
    uploadedBytes: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: true,
    ...overrides,
  };
}

describe('polling schedule (spec §9: floor(1.2 × iteration + 2) seconds before each poll)', () => {
  it.each([
    [0, 2000],
    [1, 3000],
    [2, 4000],
    [3, 5000],
    [4, 6000],
    [5, 8000],
    [10, 14_000],
    [119, 144_000],
  ])('poll %i waits %i ms', (pollIndex, delay) => {
    expect(getPollDelayMs(pollIndex)).toBe(delay);
  });
});

describe('percentage', () => {
  it.each([
    [0, 1000, 0],
    [425, 1000, 42],
    [999, 1000, 99],
    [1000, 1000, 100],
    [1200, 1000, 100],
    [10, null, 0],
    [10, 0, 0],
  ])('%i of %s bytes is %i%%', (uploaded, total, expected) => {
    expect(getUploadPercentage(uploaded, total)).toBe(expected);
  });
});

describe('transitions', () => {
  it('goes from queued through uploading to processing (state 0) when the bytes are in', () => {
    let entry = transitionUpload(buildEntry(), { type: 'started' });
    expect(entry).toMatchObject({ phase: 'uploading', uploadStatus: null });
    entry = transitionUpload(entry, { type: 'progressed', uploadedBytes: 500, totalBytes: 1000 });
    expect(entry.percentage).toBe(50);
    entry = transitionUpload(entry, {
      type: 'urlKnown',
      uploadUrl: 'http://studio.test/files/abc',
      serverUploadId: 'abc',
    });
    expect(entry).toMatchObject({ id: 'abc', serverUploadId: 'abc', clientKey: 'local-1' });
    entry = transitionUpload(entry, { type: 'bytesIn' });
    expect(entry).toMatchObject({
      phase: 'processing',
      uploadStatus: 0,
      percentage: 100,
      pollsMade: 0,
    });
  });

  it('keeps polling on START or an empty answer, and is processed (1) on END', () => {
    let entry = transitionUpload(buildEntry(), { type: 'bytesIn' });
    entry = transitionUpload(entry, { type: 'polled', status: 'START', error: null });
    expect(entry).toMatchObject({ phase: 'processing', uploadStatus: 0, pollsMade: 1 });
    entry = transitionUpload(entry, { type: 'polled', status: null, error: null });
    expect(entry).toMatchObject({ phase: 'processing', uploadStatus: 0, pollsMade: 2 });
    entry = transitionUpload(entry, { type: 'polled', status: 'END', error: null });
    expect(entry).toMatchObject({ phase: 'ready', uploadStatus: 1, pollsMade: 3, error: null });
  });

  it("fails (2) on FAIL with the server's reason", () => {
    const entry = transitionUpload(transitionUpload(buildEntry(), { type: 'bytesIn' }), {
      type: 'polled',
      status: 'FAIL',
      error: VIDEO_PROCESSING_MESSAGES.noAudio,
    });
    expect(entry).toMatchObject({
      phase: 'failed',
      uploadStatus: 2,
      error: "This video has no sound; answers need the speaker's voice.",
      isResumable: false,
    });
  });

  it(`fails after ${UPLOAD_STATUS_MAX_POLLS} polls without a result`, () => {
    let entry = transitionUpload(buildEntry(), { type: 'bytesIn' });
    for (let poll = 1; poll < UPLOAD_STATUS_MAX_POLLS; poll += 1) {
      entry = transitionUpload(entry, { type: 'polled', status: 'START', error: null });
    }
    expect(entry).toMatchObject({ phase: 'processing', pollsMade: 119 });
    entry = transitionUpload(entry, { type: 'polled', status: 'START', error: null });
    expect(entry).toMatchObject({
      phase: 'failed',
      uploadStatus: 2,
      pollsMade: 120,
      error: VIDEO_PROCESSING_MESSAGES.failed,
    });
  });

  it('pauses only what is sending, and a failed upload keeps whether it can resume', () => {
    const ready = buildEntry({ phase: 'ready' });
    expect(transitionUpload(ready, { type: 'paused' })).toBe(ready);
    expect(transitionUpload(buildEntry({ phase: 'uploading' }), { type: 'paused' }).phase).toBe(
      'paused',
    );
    expect(
      transitionUpload(buildEntry({ phase: 'uploading' }), {
        type: 'uploadFailed',
        error: 'lost',
        isResumable: true,
      }),
    ).toMatchObject({ phase: 'failed', uploadStatus: 2, error: 'lost', isResumable: true });
  });
});
