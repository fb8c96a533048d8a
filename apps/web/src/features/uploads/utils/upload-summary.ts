import {
  formatUploadingLabel,
  PROCESSING_LABEL,
  PROCESSING_TOOLTIP,
  UPLOADED_LABEL,
  UPLOADED_TOOLTIP,
  UPLOADING_TOOLTIP,
} from '@conversa/contracts';
import type { TrackedVideoUpload, VideoUploadEntry } from '../types';

/** "1 video", "3 videos". */
export function formatVideoCount(count: number): string {
  return count === 1 ? '1 video' : `${count} videos`;
}

export type UploadBarSummary = {
  /** The aggregate word of spec §2, or null when only failures are left. */
  label: 'Uploading' | 'Processing' | 'Uploaded' | null;
  count: number;
  failedCount: number;
  /** Something is still going up or being processed. */
  isActive: boolean;
};

const SENDING_PHASES = new Set<TrackedVideoUpload['phase']>(['queued', 'uploading', 'paused']);

/**
 * What the floating bar says (spec §2: Uploading, Uploaded or Processing with the count of
 * videos): while any video is still going up, Uploading and how many are; then Processing and
 * how many wait for it; then Uploaded and how many are done. Null when there is nothing to show.
 */
export function summarizeUploads(uploads: readonly TrackedVideoUpload[]): UploadBarSummary | null {
  if (uploads.length === 0) {
    return null;
  }
  const count = (test: (upload: TrackedVideoUpload) => boolean) => uploads.filter(test).length;
  const sending = count((upload) => SENDING_PHASES.has(upload.phase));
  const processing = count((upload) => upload.phase === 'processing');
  const ready = count((upload) => upload.phase === 'ready');
  const failedCount = count((upload) => upload.phase === 'failed');
  const isActive = sending + processing > 0;
  if (sending > 0) {
    return { label: 'Uploading', count: sending, failedCount, isActive };
  }
  if (processing > 0) {
    return { label: 'Processing', count: processing, failedCount, isActive };
  }
  if (ready > 0) {
    return { label: 'Uploaded', count: ready, failedCount, isActive };
  }
  return { label: null, count: 0, failedCount, isActive };
}

/** The bar's text, e.g. `Uploading 2 videos` or `Uploaded 1 video · 1 failed`. */
export function formatBarText(summary: UploadBarSummary): string {
  const main =
    summary.label === null
      ? summary.failedCount === 1
        ? '1 upload failed'
        : `${summary.failedCount} uploads failed`
      : `${summary.label} ${formatVideoCount(summary.count)}`;
  return summary.label !== null && summary.failedCount > 0
    ? `${main} · ${summary.failedCount} failed`
    : main;
}

export type UploadStatusLabel = {
  text: string;
  /** The spec §2 tooltip of the label, if it has one. */
  tooltip: string | null;
  tone: 'progress' | 'processing' | 'done' | 'waiting' | 'failed';
};

/** The per-video label of the dialog and the question rows (spec §2 labels and tooltips). */
export function getUploadStatusLabel(
  upload: Pick<VideoUploadEntry, 'phase' | 'percentage'> & { needsFile?: boolean },
): UploadStatusLabel {
  switch (upload.phase) {
    case 'uploading':
      return {
        text: formatUploadingLabel(upload.percentage),
        tooltip: UPLOADING_TOOLTIP,
        tone: 'progress',
      };
    case 'processing':
      return { text: PROCESSING_LABEL, tooltip: PROCESSING_TOOLTIP, tone: 'processing' };
    case 'ready':
      return { text: UPLOADED_LABEL, tooltip: UPLOADED_TOOLTIP, tone: 'done' };
    case 'queued':
      return { text: 'Waiting to upload', tooltip: null, tone: 'waiting' };
    case 'paused':
      return { text: `Paused at ${upload.percentage}%`, tooltip: null, tone: 'waiting' };
    case 'failed':
      return { text: 'Failed', tooltip: null, tone: 'failed' };
  }
}

export type StoryfileUploadGroup = {
  storyfileId: string;
  storyfileName: string;
  uploads: VideoUploadEntry[];
  /** Overall progress of the storyfile's uploads, 0-100. */
  percentage: number;
};

/** Weight of one upload in its storyfile's overall progress. */
function getCountedBytes(upload: VideoUploadEntry): { done: number; total: number } {
  const total = upload.sizeBytes ?? 0;
  const isDone = upload.phase === 'processing' || upload.phase === 'ready';
  return { done: isDone ? total : Math.min(upload.uploadedBytes, total), total };
}

/**
 * The dialog's storyfiles, in the order their first upload started, each with the share of
 * bytes the server holds (processing and processed videos count whole).
 */
export function groupUploadsByStoryfile(
  uploads: readonly VideoUploadEntry[],
): StoryfileUploadGroup[] {
  const groups = new Map<string, StoryfileUploadGroup>();
  for (const upload of uploads) {
    const group = groups.get(upload.storyfileId) ?? {
      storyfileId: upload.storyfileId,
      storyfileName: upload.storyfileName,
      uploads: [],
      percentage: 0,
    };
    group.uploads.push(upload);
    groups.set(upload.storyfileId, group);
  }
  for (const group of groups.values()) {
    const hasSizes = group.uploads.every((upload) => upload.sizeBytes !== null);
    if (hasSizes) {
      const sums = group.uploads
        .map(getCountedBytes)
        .reduce((sum, item) => ({ done: sum.done + item.done, total: sum.total + item.total }), {
          done: 0,
          total: 0,
        });
      group.percentage =
        sums.total === 0 ? 0 : Math.floor((sums.done / sums.total) * 100 + Number.EPSILON);
    } else {
      const sum = group.uploads.reduce(
        (total, upload) =>
          total +
          (upload.phase === 'processing' || upload.phase === 'ready' ? 100 : upload.percentage),
        0,
      );
      group.percentage = Math.floor(sum / group.uploads.length);
    }
  }
  return [...groups.values()];
}
