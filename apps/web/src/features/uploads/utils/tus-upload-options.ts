import {
  buildVideoUploadMetadata,
  UPLOAD_RETRY_DELAYS_MS,
  getUploadIdFromUrl,
} from '@conversa/contracts';
import type { PreviousUpload, UploadOptions } from 'tus-js-client';
import { getTargetKey, type VideoUploadEntry, type VideoUploadTarget } from '../types';
import type { UploadEngineDeps } from './upload-engine-deps';
import { getUploadErrorStatus, shouldRetryUploadRequest } from './upload-error';

/** What one tus upload reports back to the engine. */
export type TusUploadHandlers = {
  onUrlKnown: (uploadUrl: string, serverUploadId: string) => void;
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
  /** The URL tus holds for the upload once the server created it. */
  readUploadUrl: () => string | null;
};

type TusOptionsInput = {
  deps: Pick<
    UploadEngineDeps,
    'userId' | 'endpoint' | 'headers' | 'beforeRequest' | 'refreshSession'
  >;
  chunkSize: number;
  entry: VideoUploadEntry;
  isRecorded: boolean;
  handlers: TusUploadHandlers;
};

function toContractTarget(target: VideoUploadTarget) {
  return target.kind === 'question'
    ? { questionId: target.questionId }
    : { clipKind: target.clipKind };
}

function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The tus options of one video upload: its metadata, resumption, retries and callbacks. */
export function buildTusUploadOptions({
  deps,
  chunkSize,
  entry,
  isRecorded,
  handlers,
}: TusOptionsInput): UploadOptions {
  const { userId } = deps;
  const { storyfileId } = entry;
  const targetKey = getTargetKey(entry.target);
  return {
    endpoint: deps.endpoint,
    ...(entry.uploadUrl === null ? {} : { uploadUrl: entry.uploadUrl }),
    chunkSize,
    retryDelays: UPLOAD_RETRY_DELAYS_MS,
    headers: deps.headers,
    metadata: buildVideoUploadMetadata({
      storyfileId,
      target: toContractTarget(entry.target),
      filename: entry.filename,
      filetype: entry.filetype,
    }),
    // Files: the URL is kept under a fingerprint (localStorage), so selecting the same file for
    // the same target after a reload resumes it. Recorded takes live in IndexedDB instead.
    storeFingerprintForResuming: !isRecorded,
    removeFingerprintOnSuccess: true,
    // The default fingerprint ignores the target: the same file sent to two questions would
    // resume the other question's upload.
    fingerprint: (input: File) =>
      Promise.resolve(
        [
          'conversa-video',
          userId,
          storyfileId,
          targetKey,
          input.name,
          input.type,
          input.size,
          input.lastModified,
        ].join('|'),
      ),
    onBeforeRequest: () => deps.beforeRequest().catch(() => undefined),
    onShouldRetry: (error, retryAttempt) => {
      const status = getUploadErrorStatus(error);
      if (status === 401) {
        void deps.refreshSession().catch(() => false);
      }
      return shouldRetryUploadRequest(status, retryAttempt, isBrowserOnline());
    },
    onUploadUrlAvailable: () => {
      const uploadUrl = handlers.readUploadUrl();
      if (uploadUrl !== null) {
        handlers.onUrlKnown(uploadUrl, getUploadIdFromUrl(uploadUrl));
      }
    },
    onProgress: handlers.onProgress,
    onSuccess: () => handlers.onSuccess(),
    onError: handlers.onError,
  };
}

/** The newest earlier upload of the same file that the server can still continue. */
export function pickNewestPreviousUpload(
  previous: readonly PreviousUpload[],
): PreviousUpload | undefined {
  return previous
    .filter((upload) => upload.uploadUrl !== null)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}
