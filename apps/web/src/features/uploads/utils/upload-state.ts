import {
  decideUploadPollStep,
  getUploadPollDelaySeconds,
  UPLOAD_STATES,
  VIDEO_PROCESSING_MESSAGES,
} from '@conversa/contracts';
import type { VideoUploadEntry } from '../types';

/** What can happen to an upload; the engine feeds these to `transitionUpload`. */
export type UploadEvent =
  | { type: 'started' }
  | { type: 'progressed'; uploadedBytes: number; totalBytes: number }
  | { type: 'urlKnown'; uploadUrl: string; serverUploadId: string }
  | { type: 'paused' }
  | { type: 'queued' }
  | { type: 'bytesIn' }
  | { type: 'polled'; status: string | null; error: string | null }
  | { type: 'uploadFailed'; error: string; isResumable: boolean };

/** Whole percent of the bytes the server holds; never 100 before the last byte. */
export function getUploadPercentage(uploadedBytes: number, totalBytes: number | null): number {
  if (totalBytes === null || totalBytes <= 0) {
    return 0;
  }
  const ratio = Math.min(Math.max(uploadedBytes / totalBytes, 0), 1);
  return ratio === 1 ? 100 : Math.min(Math.floor(ratio * 100), 99);
}

/** Milliseconds to wait before status poll number `pollIndex` (zero-based; spec §9). */
export function getPollDelayMs(pollIndex: number): number {
  return getUploadPollDelaySeconds(pollIndex) * 1000;
}

/**
 * The next state of an upload after an event. Status answers follow spec §4: START or an empty
 * answer keeps state 0 and polls again, END gives 1 (ready), FAIL gives 2, and so does the
 * 120th poll without a result.
 */
export function transitionUpload(entry: VideoUploadEntry, event: UploadEvent): VideoUploadEntry {
  switch (event.type) {
    case 'started':
      return { ...entry, phase: 'uploading', error: null, needsFile: false, uploadStatus: null };
    case 'queued':
      return { ...entry, phase: 'queued', error: null, uploadStatus: null };
    case 'paused':
      return entry.phase === 'uploading' || entry.phase === 'queued'
        ? { ...entry, phase: 'paused' }
        : entry;
    case 'progressed': {
      const sizeBytes = event.totalBytes > 0 ? event.totalBytes : entry.sizeBytes;
      return {
        ...entry,
        sizeBytes,
        uploadedBytes: event.uploadedBytes,
        percentage: getUploadPercentage(event.uploadedBytes, sizeBytes),
      };
    }
    case 'urlKnown':
      return {
        ...entry,
        id: event.serverUploadId,
        serverUploadId: event.serverUploadId,
        uploadUrl: event.uploadUrl,
      };
    case 'bytesIn':
      return {
        ...entry,
        phase: 'processing',
        uploadStatus: UPLOAD_STATES.UPLOADED,
        uploadedBytes: entry.sizeBytes ?? entry.uploadedBytes,
        percentage: 100,
        pollsMade: 0,
        error: null,
        needsFile: false,
        isResumable: false,
      };
    case 'polled': {
      const pollsMade = entry.pollsMade + 1;
      const step = decideUploadPollStep(event.status, pollsMade);
      if (step.state === UPLOAD_STATES.PROCESSED) {
        return { ...entry, pollsMade, phase: 'ready', uploadStatus: step.state, error: null };
      }
      if (step.state === UPLOAD_STATES.FAILED) {
        return {
          ...entry,
          pollsMade,
          phase: 'failed',
          uploadStatus: step.state,
          error: event.error ?? VIDEO_PROCESSING_MESSAGES.failed,
          isResumable: false,
        };
      }
      return { ...entry, pollsMade, phase: 'processing', uploadStatus: step.state };
    }
    case 'uploadFailed':
      return {
        ...entry,
        phase: 'failed',
        uploadStatus: UPLOAD_STATES.FAILED,
        error: event.error,
        isResumable: event.isResumable,
      };
  }
}

/** Whether the engine polls again after this entry's latest answer. */
export function shouldPollAgain(entry: VideoUploadEntry): boolean {
  return entry.phase === 'processing';
}
