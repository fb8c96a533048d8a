import {
  formatUploadingLabel,
  UPLOAD_REJECTION_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
  PROCESSING_LABEL,
  PROCESSING_TOOLTIP,
  UPLOADED_LABEL,
  UPLOADED_TOOLTIP,
  UPLOADING_TOOLTIP,
} from '@conversa/contracts';
import { formatCount } from '@/lib/format';
import type { VideoUploadEntry } from '../types';
import { isFailureSeen } from './bar-visibility';

/** "1 video", "3 videos". */
export function formatVideoCount(count: number): string {
  return formatCount(count, 'video');
}

export type UploadBarSummary = {
  /**
   * The aggregate word of spec §2, or what is left when nothing goes on: `Paused` (uploads waiting
   * for their file after a reload) and `Failed` (failures the person has not seen yet).
   */
  label: 'Uploading' | 'Processing' | 'Uploaded' | 'Paused' | 'Failed';
  count: number;
  /** Something is still going up or being processed. */
  isActive: boolean;
  /**
   * While Uploading: the share, 0-100, of the bytes of the videos still going up that the server
   * holds. Finished videos do not count: "Uploading 1 video" at 70% beside its own "0% Uploading"
   * read as a contradiction (issue 32).
   */
  percentage: number;
  /** Failures not seen yet (the status dialog not opened since), said beside the rest. */
  failed: number;
};

const SENDING_PHASES = new Set<VideoUploadEntry['phase']>(['queued', 'uploading', 'paused']);

/** An upload that can go on only once the person picks its file again (restored after a reload). */
function isWaitingForFile(upload: VideoUploadEntry): boolean {
  return upload.phase === 'paused' && upload.needsFile;
}

/**
 * What the floating bar says (spec §2: Uploading, Uploaded or Processing with the count of
 * videos): while any video is still going up, Uploading and how many are; then Processing and
 * how many wait for it; then Uploaded and how many are done. Null when there is nothing to show.
 * A failure stays on the bar only until it is seen (`seenFailures`: the client or server keys of
 * failures shown in the status dialog or dismissed): issue 32's "1 upload failed" followed the person to every page
 * for ever, and issue 44's vanished at once ("Processing 1 video" → nothing). An upload waiting
 * for its file says so instead of "Uploading" at a percentage that never moves (issue 44).
 */
export function summarizeUploads(
  uploads: readonly VideoUploadEntry[],
  seenFailures: ReadonlySet<string> = new Set(),
): UploadBarSummary | null {
  const failed = uploads.filter(
    (upload) => upload.phase === 'failed' && !isFailureSeen(upload, seenFailures),
  ).length;
  const waiting = uploads.filter(isWaitingForFile);
  const sending = uploads.filter(
    (upload) => SENDING_PHASES.has(upload.phase) && !isWaitingForFile(upload),
  );
  const processing = uploads.filter((upload) => upload.phase === 'processing').length;
  const ready = uploads.filter((upload) => upload.phase === 'ready').length;
  if (sending.length > 0) {
    return {
      label: 'Uploading',
      count: sending.length,
      isActive: true,
      percentage: getSendingPercentage(sending),
      failed,
    };
  }
  if (processing > 0) {
    return { label: 'Processing', count: processing, isActive: true, percentage: 100, failed };
  }
  if (waiting.length > 0) {
    return {
      label: 'Paused',
      count: waiting.length,
      isActive: false,
      percentage: getSendingPercentage(waiting),
      failed,
    };
  }
  if (ready > 0) {
    return { label: 'Uploaded', count: ready, isActive: false, percentage: 100, failed };
  }
  if (failed > 0) {
    return { label: 'Failed', count: failed, isActive: false, percentage: 0, failed };
  }
  return null;
}

/** Bytes held over bytes to send, or the mean percentage when a size is unknown (restored uploads). */
function getSendingPercentage(sending: readonly VideoUploadEntry[]): number {
  if (sending.every((upload) => upload.sizeBytes !== null)) {
    const total = sending.reduce((sum, upload) => sum + (upload.sizeBytes ?? 0), 0);
    const done = sending.reduce(
      (sum, upload) => sum + Math.min(upload.uploadedBytes, upload.sizeBytes ?? 0),
      0,
    );
    return total === 0 ? 0 : Math.floor((done / total) * 100 + Number.EPSILON);
  }
  return Math.floor(sending.reduce((sum, upload) => sum + upload.percentage, 0) / sending.length);
}

/**
 * The bar's text, e.g. `Uploading 2 videos`, `Uploaded 1 video · 1 failed`, `1 failed`, or
 * `1 upload paused — select the file again`.
 */
export function formatBarText(summary: UploadBarSummary): string {
  if (summary.label === 'Failed') {
    return `${summary.count} failed`;
  }
  const main =
    summary.label === 'Paused'
      ? `${formatCount(summary.count, 'upload')} paused — select the file again`
      : `${summary.label} ${formatVideoCount(summary.count)}`;
  return summary.failed > 0 ? `${main} · ${summary.failed} failed` : main;
}

/** Failures the same file can never get past: sending it again cannot succeed, another file can. */
const FILE_REJECTIONS = new Set<string>([
  VIDEO_PROCESSING_MESSAGES.notAVideo,
  VIDEO_PROCESSING_MESSAGES.noAudio,
  VIDEO_PROCESSING_MESSAGES.empty,
  VIDEO_PROCESSING_MESSAGES.tooLong,
  UPLOAD_REJECTION_MESSAGES.videoType,
]);

/**
 * Whether a failed upload failed for its file itself (not a video, no sound, empty, too long):
 * it offers Replace, never Retry (issue 32: Retry of a text file renamed .mp4 cannot succeed).
 */
export function isFileRejected(upload: Pick<VideoUploadEntry, 'phase' | 'error'>): boolean {
  return upload.phase === 'failed' && upload.error !== null && FILE_REJECTIONS.has(upload.error);
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
  /** False when every video failed: there is no progress to show, not "0%" (issue 68 item 8). */
  hasProgress: boolean;
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
      hasProgress: true,
    };
    group.uploads.push(upload);
    groups.set(upload.storyfileId, group);
  }
  for (const group of groups.values()) {
    // A failed video is no progress: a group whose videos all failed showed a full "100%" bar
    // (issue 44). Its share is that of the others; with none, 0.
    const counted = group.uploads.filter((upload) => upload.phase !== 'failed');
    if (counted.length === 0) {
      group.percentage = 0;
      group.hasProgress = false;
      continue;
    }
    const hasSizes = counted.every((upload) => upload.sizeBytes !== null);
    if (hasSizes) {
      const sums = counted
        .map(getCountedBytes)
        .reduce((sum, item) => ({ done: sum.done + item.done, total: sum.total + item.total }), {
          done: 0,
          total: 0,
        });
      group.percentage =
        sums.total === 0 ? 0 : Math.floor((sums.done / sums.total) * 100 + Number.EPSILON);
    } else {
      const sum = counted.reduce(
        (total, upload) =>
          total +
          (upload.phase === 'processing' || upload.phase === 'ready' ? 100 : upload.percentage),
        0,
      );
      group.percentage = Math.floor(sum / counted.length);
    }
  }
  return [...groups.values()];
}
