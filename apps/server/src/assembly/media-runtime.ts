import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { describeFfmpeg, resolveFfmpeg, type FfmpegBinaries } from '../media/ffmpeg.ts';
import { createMediaStore, type MediaStore } from '../media/media-store.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import { createProcessVideoHandler } from '../modules/media/index.ts';
import { createUploadStorage, type UploadStorage } from '../modules/uploads/index.ts';

/** Everything uploads and media need besides HTTP, started and stopped with the process. */
export interface MediaRuntime {
  binaries: FfmpegBinaries;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  jobs: JobQueue;
  /** Stops the workers (running jobs get a grace period); the database stays open. */
  stop(): Promise<void>;
}

/**
 * Resolves ffmpeg (and logs which one), opens the stores and the job queue, and starts workers
 * unless the role is `web` (which only queues jobs).
 */
export async function startMediaRuntime(options: {
  config: Config;
  database: DatabaseHandle;
  log: (message: string) => void;
}): Promise<MediaRuntime> {
  const { config, database, log } = options;
  const binaries = await resolveFfmpeg({
    ffmpegPath: config.media.ffmpegPath,
    ffprobePath: config.media.ffprobePath,
  });
  log(describeFfmpeg(binaries));
  const mediaStore = createMediaStore(config.media.store, config.dataDir);
  const uploadStorage = createUploadStorage(config.media, config.dataDir);
  const jobs = await startJobQueue({ pool: database.pool, config: config.jobs, log });

  if (config.role !== 'web') {
    await jobs.startWorkers(
      config.jobs.concurrency,
      createProcessVideoHandler({ db: database.db, binaries, mediaStore, uploadStorage, log }),
    );
  }
  return {
    binaries,
    mediaStore,
    uploadStorage,
    jobs,
    stop: () => jobs.stop(),
  };
}
