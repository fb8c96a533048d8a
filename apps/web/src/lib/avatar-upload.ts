import {
  AVATAR_CHUNK_BYTES,
  buildAvatarUploadMetadata,
  getUploadIdFromUrl,
  UPLOAD_ENDPOINT_PATH,
  UPLOAD_RETRY_DELAYS_MS,
  type AvatarResourceType,
} from '@conversa/contracts';
import { Upload } from 'tus-js-client';
import { API_HEADERS } from './api-client';

export type AvatarUploadInput = {
  file: File;
  resourceType: AvatarResourceType;
  resourceId: string;
  /** Where the upload comes from (spec §3 upload metadata), e.g. `my-profile`. */
  source: string;
  onProgress?: (percentage: number) => void;
};

/**
 * Uploads an avatar through the studio's tus endpoint in chunks of 100,000,000 bytes (spec §9)
 * and answers the upload's id: the last path segment of its URL before any `+` (spec §7).
 * The session cookie authorizes it, with the system-id header the studio asks of cookie writes;
 * the browser never holds a bearer token (the refresh token stays on the server).
 */
export function uploadAvatarFile(input: AvatarUploadInput): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(input.file, {
      endpoint: UPLOAD_ENDPOINT_PATH,
      chunkSize: AVATAR_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      headers: { ...API_HEADERS },
      metadata: buildAvatarUploadMetadata({
        resourceType: input.resourceType,
        resourceId: input.resourceId,
        filetype: input.file.type,
        source: input.source,
      }),
      // An avatar is small and replaced whole; resuming an old one would only confuse.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => {
        input.onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0);
      },
      onSuccess: () => {
        resolve(getUploadIdFromUrl(upload.url ?? ''));
      },
      onError: (error) => reject(error),
    });
    upload.start();
  });
}
