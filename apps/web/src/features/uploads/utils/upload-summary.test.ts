import { describe, expect, it } from 'vitest';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import type { VideoUploadEntry, VideoUploadPhase } from '../types';
import {
  formatBarText,
  getUploadStatusLabel,
  groupUploadsByStoryfile,
  isFileRejected,
  summarizeUploads,
} from './upload-summary';

function upload(
  phase: VideoUploadPhase,
  overrides: Partial<VideoUploadEntry> = {},
): VideoUploadEntry {
  return {
    id: `${phase}-${Math.random()}`,
    clientKey: `${phase}-${Math.random()}`,
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target: { kind: 'clip', clipKind: 'idle', label: 'Idle loop' },
    topicName: 'Clips',
    questionText: 'Idle loop',
    percentage: 0,
    uploadStatus: null,
    phase,
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

describe('the floating bar (spec §2: Uploading, Uploaded or Processing with the count of videos)', () => {
  it.each([
    [['uploading'], 'Uploading 1 video'],
    [['uploading', 'queued', 'paused', 'processing', 'ready'], 'Uploading 3 videos'],
    [['processing', 'processing', 'ready'], 'Processing 2 videos'],
    [['ready', 'ready'], 'Uploaded 2 videos'],
  ] as [VideoUploadPhase[], string][])('%j says %s', (phases, text) => {
    const summary = summarizeUploads(phases.map((phase) => upload(phase)));
    expect(summary).not.toBeNull();
    expect(formatBarText(summary!)).toBe(text);
  });

  it('is hidden without uploads and active only while something is going up or processing', () => {
    expect(summarizeUploads([])).toBeNull();
    expect(summarizeUploads([upload('processing')])?.isActive).toBe(true);
    expect(summarizeUploads([upload('ready'), upload('failed')])?.isActive).toBe(false);
  });

  // Issue 32: "1 upload failed" followed the person to every page; issue 44: a failure vanished
  // from the bar at once ("Processing 1 video" → nothing). It stays until seen in the dialog.
  it.each([
    [['ready', 'failed'], 'Uploaded 1 video · 1 failed', 'Uploaded 1 video'],
    [['processing', 'failed', 'failed'], 'Processing 1 video · 2 failed', 'Processing 1 video'],
    [['failed'], '1 failed', null],
  ] as [VideoUploadPhase[], string, string | null][])(
    '%j says %s until its failures are seen, then %s',
    (phases, unseen, seen) => {
      const uploads = phases.map((phase) => upload(phase));
      expect(formatBarText(summarizeUploads(uploads)!)).toBe(unseen);
      const keys = new Set(
        uploads.filter((item) => item.phase === 'failed').map((item) => item.clientKey),
      );
      const after = summarizeUploads(uploads, keys);
      expect(after === null ? null : formatBarText(after)).toBe(seen);
    },
  );

  it('says an upload waits for its file, not "Uploading" at a percentage that never moves (issue 44)', () => {
    const waiting = upload('paused', { needsFile: true, uploadedBytes: 940, percentage: 94 });
    expect(formatBarText(summarizeUploads([waiting])!)).toBe(
      '1 upload paused — select the file again',
    );
    expect(summarizeUploads([waiting])!.isActive).toBe(false);
    expect(formatBarText(summarizeUploads([waiting, upload('paused', { needsFile: true })])!)).toBe(
      '2 uploads paused — select the file again',
    );
    // Another upload going up is what the bar follows.
    expect(formatBarText(summarizeUploads([waiting, upload('uploading')])!)).toBe(
      'Uploading 1 video',
    );
  });

  it('gives a group whose videos all failed no full bar (issue 44)', () => {
    const [group] = groupUploadsByStoryfile([
      upload('failed', { sizeBytes: 1000, uploadedBytes: 1000, percentage: 100 }),
      upload('failed', { sizeBytes: 1000, uploadedBytes: 1000, percentage: 100 }),
    ]);
    expect(group!.percentage).toBe(0);
    const [mixed] = groupUploadsByStoryfile([
      upload('failed', { sizeBytes: 1000, uploadedBytes: 1000, percentage: 100 }),
      upload('uploading', { sizeBytes: 1000, uploadedBytes: 500, percentage: 50 }),
    ]);
    expect(mixed!.percentage).toBe(50);
  });

  // Issue 32: "Uploading 1 video" at about 70% beside its own "0% Uploading": finished videos
  // were counted whole.
  it('gives the percentage of what is still uploading, finished videos left out', () => {
    const summary = summarizeUploads([
      upload('uploading', { sizeBytes: 1000, uploadedBytes: 0, percentage: 0 }),
      upload('processing', { sizeBytes: 1000, uploadedBytes: 1000, percentage: 100 }),
      upload('ready', { sizeBytes: 1000, uploadedBytes: 1000, percentage: 100 }),
      upload('failed', { sizeBytes: 1000, uploadedBytes: 500, percentage: 50 }),
    ]);
    expect(formatBarText(summary!)).toBe('Uploading 1 video · 1 failed');
    expect(summary!.percentage).toBe(0);
    const two = summarizeUploads([
      upload('uploading', { sizeBytes: 1000, uploadedBytes: 250, percentage: 25 }),
      upload('queued', { sizeBytes: 3000, uploadedBytes: 0, percentage: 0 }),
      upload('ready', { sizeBytes: 9000, uploadedBytes: 9000, percentage: 100 }),
    ]);
    expect(two!.percentage).toBe(6);
  });
});

describe('a failure the file itself caused (issue 32)', () => {
  it.each([
    [VIDEO_PROCESSING_MESSAGES.notAVideo, true],
    [VIDEO_PROCESSING_MESSAGES.noAudio, true],
    [VIDEO_PROCESSING_MESSAGES.empty, true],
    [VIDEO_PROCESSING_MESSAGES.tooLong, true],
    ['The connection was lost.', false],
    [VIDEO_PROCESSING_MESSAGES.failed, false],
  ])("%s is the file's own: %s", (error, expected) => {
    expect(isFileRejected(upload('failed', { error }))).toBe(expected);
  });
});

describe('per-video labels and tooltips (spec §2)', () => {
  it('says Uploaded with its tooltip', () => {
    expect(getUploadStatusLabel(upload('ready'))).toEqual({
      text: 'Uploaded',
      tooltip: 'Successfully uploaded and processed!',
      tone: 'done',
    });
  });
  it('says {n}% Uploading with its tooltip', () => {
    expect(getUploadStatusLabel(upload('uploading', { percentage: 42 }))).toEqual({
      text: '42% Uploading',
      tooltip: 'Video uploading to server',
      tone: 'progress',
    });
  });
  it('says Processing with its tooltip', () => {
    expect(getUploadStatusLabel(upload('processing'))).toEqual({
      text: 'Processing',
      tooltip: 'Video uploaded, must process to view',
      tone: 'processing',
    });
  });
  it('names the states the spec leaves open without a tooltip', () => {
    expect(getUploadStatusLabel(upload('paused', { percentage: 30 })).text).toBe('Paused at 30%');
    expect(getUploadStatusLabel(upload('queued')).text).toBe('Waiting to upload');
    expect(getUploadStatusLabel(upload('failed')).tooltip).toBeNull();
  });
});

describe('overall progress per storyfile', () => {
  it('weighs by bytes, counting processing and processed videos whole', () => {
    const groups = groupUploadsByStoryfile([
      upload('uploading', { sizeBytes: 3000, uploadedBytes: 1500 }),
      upload('processing', { sizeBytes: 1000 }),
      upload('uploading', { storyfileId: 's-2', storyfileName: 'Uncle Bob', uploadedBytes: 250 }),
    ]);
    expect(
      groups.map((group) => [group.storyfileName, group.uploads.length, group.percentage]),
    ).toEqual([
      ['Grandma Rose', 2, 62],
      ['Uncle Bob', 1, 25],
    ]);
  });
  it('averages percentages when a size is unknown (restored uploads)', () => {
    const [group] = groupUploadsByStoryfile([
      upload('paused', { sizeBytes: null, percentage: 40 }),
      upload('ready', { sizeBytes: null }),
    ]);
    expect(group!.percentage).toBe(70);
  });
});
