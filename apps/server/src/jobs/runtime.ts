import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { describeFfmpeg, resolveFfmpeg, type FfmpegBinaries } from '../media/ffmpeg.ts';
import { createMediaStore, type MediaStore } from '../media/media-store.ts';
import { createUploadStorage, type UploadStorage } from '../modules/uploads/upload-storage.ts';
import { MAINTENANCE_INTERVAL_MS, runMediaMaintenance } from './maintenance.ts';
import { createProcessVideoHandler } from './process-video.job.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

/** Everything uploads and media need besides HTTP, started and stopped with the process. */
export interface MediaRuntime {
  binaries: FfmpegBinaries;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  jobs: JobQueue;
  /** Stops maintenance and the workers (running jobs get a grace period); the database stays open. */
  stop(): Promise<void>;
}

/**
 * Resolves ffmpeg (and logs which one), opens the stores and the job queue, and starts what the
 * role runs: workers for `all` and `worker`, upload maintenance for `all` and `web`.
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
  let maintenance: NodeJS.Timeout | undefined;
  let firstMaintenance: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  if (config.role !== 'worker') {
    const tidy = () => {
      running = runMediaMaintenance({
        db: database.db,
        uploadStorage,
        mediaStore,
        uploadExpirationMs: config.media.uploadExpirationMs,
      }).catch((error: unknown) => log(`media maintenance failed: ${(error as Error).message}`));
    };
    maintenance = setInterval(tidy, MAINTENANCE_INTERVAL_MS).unref();
    // Also soon after start, so a studio restarted often still tidies up.
    firstMaintenance = setTimeout(tidy, 60_000).unref();
  }
  return {
    binaries,
    mediaStore,
    uploadStorage,
    jobs,
    async stop() {
      clearInterval(maintenance);
      clearTimeout(firstMaintenance);
      await running;
      await jobs.stop();
    },
  };
}
