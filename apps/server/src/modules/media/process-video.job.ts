import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { FfmpegBinaries } from '../../media/ffmpeg.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { makeWorkFolder } from '../../media/work-folders.ts';
import { processVideoFile, VideoRejectedError } from '../../media/transcode.ts';
import type { ProcessVideoHandler } from '../../jobs/queue-definition.ts';
import { findUpload, markUploadFailed, type UploadStorage } from '../uploads/index.ts';
import { commitProcessedVideo, findAssetByUpload, getVideoStoragePrefix } from './media.service.ts';

export interface ProcessVideoDeps {
  db: Database;
  binaries: FfmpegBinaries;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  log: (message: string) => void;
  /**
   * A new video is committed (it plays from now on): what comes after processing starts here, its
   * transcript draft. A failure is logged, never the video's: start-up recovery finds the video.
   */
  onVideoReady?: (assetId: string) => Promise<void>;
}

/**
 * The `process-video` job: validate, transcode, poster, speech track (and captions when the input
 * has a text subtitle stream), then commit the asset row.
 * Idempotent: a run finds the upload already processed (skip), an asset committed by a run that
 * crashed before cleaning up (finish the cleanup), or nothing (do the work again; outputs are
 * built in a staging folder and published whole, and the row is written last).
 */
export function createProcessVideoHandler(deps: ProcessVideoDeps): ProcessVideoHandler {
  const { db, binaries, mediaStore, uploadStorage, log } = deps;
  return async ({ uploadId }, { signal, isLastAttempt }) => {
    // Both reads at once: two round trips on the way to ffmpeg cost a person's wait twice.
    const [upload, asset] = await Promise.all([
      findUpload(db, uploadId),
      findAssetByUpload(db, uploadId),
    ]);
    if (!upload || upload.kind === 'avatar' || upload.phase !== 'processing') {
      return;
    }
    if (asset) {
      await uploadStorage.remove(upload.tusId);
      return;
    }
    const [staging, workDir] = await Promise.all([
      mediaStore.createStagingDir(),
      makeWorkFolder(tmpdir(), 'conversa-source-'),
    ]);
    try {
      const input = await uploadStorage.getLocalCopy(upload.tusId, workDir);
      let processed;
      try {
        processed = await processVideoFile(binaries, input, staging, signal, (message) =>
          log(`upload ${uploadId}: ${message}`),
        );
      } catch (error) {
        if (!(error instanceof VideoRejectedError)) {
          throw error;
        }
        // The person's file cannot become an answer: say why, keep nothing of it.
        await markUploadFailed(db, uploadId, error.message);
        await uploadStorage.remove(upload.tusId);
        log(`upload ${uploadId}: ${error.message}`);
        return;
      }
      const storagePrefix = getVideoStoragePrefix(uploadId);
      await mediaStore.publishDirectory(staging, storagePrefix);
      const outcome = await commitProcessedVideo(db, upload, { storagePrefix, ...processed });
      if (outcome.assetId && deps.onVideoReady) {
        await deps
          .onVideoReady(outcome.assetId)
          .catch((error: unknown) =>
            log(`upload ${uploadId}: transcript not queued: ${(error as Error).message}`),
          );
      }
      for (const prefix of outcome.unreferencedPrefixes) {
        await mediaStore.deletePrefix(prefix).catch(() => undefined);
      }
      await uploadStorage.remove(upload.tusId);
    } catch (error) {
      if (isLastAttempt) {
        await markUploadFailed(db, uploadId, VIDEO_PROCESSING_MESSAGES.failed).catch(
          () => undefined,
        );
      }
      log(`upload ${uploadId}: processing failed: ${(error as Error).message}`);
      throw error;
    } finally {
      await rm(staging, { recursive: true, force: true });
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
