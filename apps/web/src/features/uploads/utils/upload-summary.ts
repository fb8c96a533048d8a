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
import type { VideoUploadEntry } from '../types';

/** "1 video", "3 videos". */
export function formatVideoCount(count: number): string {
  return count === 1 ? '1 video' : `${count} videos`;
}

export type UploadBarSummary = {
  /** The aggregate word of spec §2. */
  label: 'Uploading' | 'Processing' | 'Uploaded';
  count: number;
  /** Something is still going up or being processed. */
  isActive: boolean;
  /**
   * While Uploading: the share, 0-100, of the bytes of the videos still going up that the server
   * holds. Finished videos do not count: "Uploading 1 video" at 70% beside its own "0% Uploading"
   * read as a contradiction (issue 32).
   */
  percentage: number;
};

const SENDING_PHASES = new Set<VideoUploadEntry['phase']>(['queued', 'uploading', 'paused']);

/**
 * What the floating bar says (spec §2: Uploading, Uploaded or Processing with the count of
 * videos): while any video is still going up, Uploading and how many are; then Processing and
 * how many wait for it; then Uploaded and how many are done. Null when there is nothing to show.
 * A failure is not the bar's to carry (issue 32: "1 upload failed" followed the person to every
 * page): it is shown where it happened, on its question or clip, and in the status dialog.
 */
export function summarizeUploads(uploads: readonly VideoUploadEntry[]): UploadBarSummary | null {
  const sending = uploads.filter((upload) => SENDING_PHASES.has(upload.phase));
  const processing = uploads.filter((upload) => upload.phase === 'processing').length;
  const ready = uploads.filter((upload) => upload.phase === 'ready').length;
  if (sending.length > 0) {
    return {
      label: 'Uploading',
      count: sending.length,
      isActive: true,
      percentage: getSendingPercentage(sending),
    };
  }
  if (processing > 0) {
    return { label: 'Processing', count: processing, isActive: true, percentage: 100 };
  }
  if (ready > 0) {
    return { label: 'Uploaded', count: ready, isActive: false, percentage: 100 };
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

/** The bar's text, e.g. `Uploading 2 videos` or `Uploaded 1 video`. */
export function formatBarText(summary: UploadBarSummary): string {
  return `${summary.label} ${formatVideoCount(summary.count)}`;
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
