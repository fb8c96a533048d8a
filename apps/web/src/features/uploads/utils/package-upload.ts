import {
  buildPackageUploadMetadata,
  getUploadIdFromUrl,
  UPLOAD_ENDPOINT_PATH,
  UPLOAD_RETRY_DELAYS_MS,
  VIDEO_UPLOAD_CHUNK_BYTES,
} from '@conversa/contracts';
import type { DetailedError, Upload as TusUpload } from 'tus-js-client';
import { API_HEADERS, ensureFreshSession, refreshSession } from '@/lib/api-client';
import { packageUploadStore } from './package-upload-store';
import { describeUploadError } from './upload-error';

export type PackageUploadOptions = {
  /** The signed-in user: the resume fingerprint is theirs alone. */
  userId: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** Aborting stops the upload and deletes what the studio holds of it (tus termination). */
  signal?: AbortSignal;
};

/** Why a package upload failed, in the words the studio (or the network) gave. */
export class PackageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageUploadError';
  }
}

function getStatusOf(error: Error): number {
  return (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
}

/**
 * Uploads a storyfile package (a `.zip`) through the studio's tus endpoint with the video
 * engine's settings (chunk size, retry delays, session refresh on a 401, the system-id header)
 * and answers the upload's id, which the import preview and the import name. Picking the same
 * file again after a failure resumes it from the studio's offset; a finished upload is never
 * resumed (an import uses its upload once).
 */
export async function uploadPackageFile(
  file: File,
  { userId, onProgress, signal }: PackageUploadOptions,
): Promise<string> {
  // tus-js-client loads with the first package, not with the storyfile list.
  const { Upload } = await import('tus-js-client');
  // The floating bar shows it with the videos, on whatever screen the person goes to.
  const barKey = packageUploadStore.begin(file.name, file.size);
  try {
    const uploadId = await sendPackage(Upload, file, { userId, onProgress, signal }, barKey);
    packageUploadStore.finish(barKey);
    return uploadId;
  } catch (error) {
    packageUploadStore.drop(barKey);
    throw error;
  }
}

function sendPackage(
  Upload: typeof TusUpload,
  file: File,
  { userId, onProgress, signal }: PackageUploadOptions,
  barKey: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const upload = new Upload(file, {
      endpoint: new URL(UPLOAD_ENDPOINT_PATH, window.location.origin).toString(),
      chunkSize: VIDEO_UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      headers: { ...API_HEADERS },
      metadata: buildPackageUploadMetadata({ filename: file.name }),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: (input: File) =>
        Promise.resolve(
          ['conversa-package', userId, input.name, input.size, input.lastModified].join('|'),
        ),
      onBeforeRequest: () => ensureFreshSession().catch(() => undefined),
      onShouldRetry: (error, retryAttempt) => {
        const status = getStatusOf(error);
        if (status === 401) {
          void refreshSession().catch(() => false);
          return retryAttempt < 2;
        }
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => {
        packageUploadStore.progress(barKey, sent, total);
        onProgress?.(sent, total);
      },
      onSuccess: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(getUploadIdFromUrl(upload.url ?? ''));
      },
      onError: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(new PackageUploadError(describeUploadError(error)));
      },
    });
    function onAbort() {
      // Terminating deletes the partial upload on the studio; a failure there leaves it to expire.
      upload.abort(true).catch(() => undefined);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const newest = previous
          .filter((item) => item.uploadUrl !== null)
          .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
        if (newest) {
          upload.resumeFromPreviousUpload(newest);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (!signal?.aborted) {
          upload.start();
        }
      });
  });
}
