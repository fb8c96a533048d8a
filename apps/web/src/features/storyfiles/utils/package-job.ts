import {
  STORYFILE_PACKAGE_EXTENSION,
  STORYFILE_PACKAGE_JOB_STATE_LABELS,
  STORYFILE_PACKAGE_LIMITS,
  UPLOAD_REJECTION_MESSAGES,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import { formatBytes } from '@/lib/format';
import { getSignedUrlRefetchDelay } from '@/lib/storyfile-queries';

/** How often a running export or import is asked for its progress. */
export const PACKAGE_JOB_POLL_MS = 1500;

/**
 * The longest wait between two asks for a done export: a timer beyond 2^31-1 ms fires at once
 * (a link valid for weeks would be asked for in a loop), and an hour keeps the link fresh anyway.
 */
export const PACKAGE_JOB_MAX_REFETCH_MS = 3_600_000;

/** Whether the job has ended (done or failed): nothing more will change but its download link. */
export function isPackageJobSettled(job: Pick<StoryfilePackageJob, 'state'>): boolean {
  return job.state === 'done' || job.state === 'failed';
}

/**
 * When to ask for the job again: every PACKAGE_JOB_POLL_MS while it waits or runs; once an
 * export is done, a minute before its signed download link expires (the answer carries a fresh
 * one, at least hourly); never after a failure.
 */
export function getPackageJobRefetchDelay(
  job: Pick<StoryfilePackageJob, 'state' | 'downloadExpiresAt'> | undefined,
  now = Date.now(),
): number | false {
  if (job === undefined || job.state === 'failed') {
    return false;
  }
  if (job.state === 'done') {
    const delay = getSignedUrlRefetchDelay([job.downloadExpiresAt], now);
    return delay === false ? false : Math.min(delay, PACKAGE_JOB_MAX_REFETCH_MS);
  }
  return PACKAGE_JOB_POLL_MS;
}

/** The job's progress in words, e.g. `Working: 40% · Packing media/answer-3.mp4 (4 of 12)`. */
export function describePackageJobProgress(
  job: Pick<StoryfilePackageJob, 'state' | 'progress' | 'step'>,
): string {
  const label = STORYFILE_PACKAGE_JOB_STATE_LABELS[job.state];
  const step = job.step.trim();
  const head = job.state === 'running' ? `${label}: ${job.progress}%` : label;
  return step === '' ? head : `${head} · ${step}`;
}

/**
 * Why a picked file cannot be a storyfile package, or null when it may be one (the studio checks
 * the rest). Only the name and size are known before the upload.
 */
export function describePackageFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith(STORYFILE_PACKAGE_EXTENSION)) {
    return UPLOAD_REJECTION_MESSAGES.packageType;
  }
  if (file.size === 0) {
    return 'This file is empty (0 bytes): it cannot be a storyfile package.';
  }
  if (file.size > STORYFILE_PACKAGE_LIMITS.maxPackageBytes) {
    return `This package is larger than ${formatBytes(STORYFILE_PACKAGE_LIMITS.maxPackageBytes)}, the most the studio imports.`;
  }
  return null;
}

const EXPORT_JOB_STORAGE_PREFIX = 'conversa.storyfilePackages.export.';

/**
 * The storyfile's last export job is kept in local storage, so a person who leaves the storyfile
 * while it exports finds its progress, then its download, when they come back.
 */
export function readRememberedExportJob(
  storage: Pick<Storage, 'getItem'>,
  storyfileId: string,
): string | null {
  try {
    const value = storage.getItem(EXPORT_JOB_STORAGE_PREFIX + storyfileId);
    return value !== null && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

export function rememberExportJob(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  storyfileId: string,
  jobId: string | null,
): void {
  try {
    if (jobId === null) {
      storage.removeItem(EXPORT_JOB_STORAGE_PREFIX + storyfileId);
    } else {
      storage.setItem(EXPORT_JOB_STORAGE_PREFIX + storyfileId, jobId);
    }
  } catch {
    // Storage full or blocked: the export still shows while the page stays open.
  }
}
