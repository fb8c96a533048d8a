import { describe, expect, it } from 'vitest';
import type { VideoUploadEntry, VideoUploadPhase } from '../types';
import {
  formatBarText,
  getUploadStatusLabel,
  groupUploadsByStoryfile,
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
    [['ready', 'failed'], 'Uploaded 1 video · 1 failed'],
    [['processing', 'failed', 'failed'], 'Processing 1 video · 2 failed'],
    [['failed'], '1 upload failed'],
    [['failed', 'failed'], '2 uploads failed'],
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
