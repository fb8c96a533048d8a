import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import {
  expireUnfinishedUploads,
  removeBytesOfFailedUploads,
  type UploadStorage,
} from '../uploads/index.ts';
import { findUnreferencedVideoFolders, getVideoStoragePrefix } from './media.service.ts';

/** Media folders without a row are deleted only once this old: a job publishes just before it commits. */
export const UNREFERENCED_MEDIA_GRACE_MS = 60 * 60 * 1000;

export interface MaintenanceReport {
  expiredUploads: number;
  /** Videos whose processing failed, whose bytes were kept for Try again and are now deleted. */
  sweptFailedUploads: number;
  removedMediaFolders: number;
  removedStagingFolders: number;
}

/**
 * Tidies what interrupted work leaves: unfinished uploads past their expiration (bytes deleted,
 * rows failed with a message), the bytes of videos whose processing failed once Try again's
 * window is over, video folders no asset refers to (a replaced or deleted video, a
 * cascade from a deleted question or storyfile, a run that crashed before its commit), and
 * staging folders of runs that died. Safe to run anywhere and concurrently: every step only
 * deletes what nothing refers to.
 */
export async function runMediaMaintenance(options: {
  db: Database;
  uploadStorage: UploadStorage;
  mediaStore: MediaStore;
  uploadExpirationMs: number;
  now?: number;
}): Promise<MaintenanceReport> {
  const { db, uploadStorage, mediaStore } = options;
  const now = options.now ?? Date.now();
  await uploadStorage.deleteExpired().catch(() => 0);
  const expired = await expireUnfinishedUploads(db, new Date(now - options.uploadExpirationMs));
  for (const tusId of expired) {
    await uploadStorage.remove(tusId);
  }
  // tus's deleteExpired spares complete uploads, so a failed video's bytes go here, once the
  // window for Try again (as long as an unfinished upload is kept) has passed since the failure.
  const swept = await removeBytesOfFailedUploads(
    db,
    uploadStorage,
    new Date(now - options.uploadExpirationMs),
  );
  const cutoff = new Date(now - UNREFERENCED_MEDIA_GRACE_MS);
  const folders = (await mediaStore.listFolders('videos')).filter(
    (folder) => folder.modifiedAt < cutoff,
  );
  const unreferenced = await findUnreferencedVideoFolders(
    db,
    folders.map((folder) => folder.name),
  );
  for (const name of unreferenced) {
    await mediaStore.deletePrefix(getVideoStoragePrefix(name));
  }
  return {
    expiredUploads: expired.length,
    sweptFailedUploads: swept.length,
    removedMediaFolders: unreferenced.length,
    removedStagingFolders: await mediaStore.removeStaleStaging(new Date(now - 24 * 3600 * 1000)),
  };
}
