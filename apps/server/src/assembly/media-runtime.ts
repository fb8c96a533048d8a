import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { describeFfmpeg, resolveFfmpeg, type FfmpegBinaries } from '../media/ffmpeg.ts';
import { createMediaStore, type MediaStore } from '../media/media-store.ts';
import { removeDeadTempWorkFolders } from '../media/work-folders.ts';
import { ABANDONED_JOB_CHECK_MAX_SECONDS } from '../jobs/job-leases.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import { createProcessVideoHandler, recoverVideoProcessing } from '../modules/media/index.ts';
import { createUploadStorage, type UploadStorage } from '../modules/uploads/index.ts';
import { createSharedMediaUrlSigner } from '../modules/media/index.ts';
import { createPackageJobHandler } from '../modules/packages/index.ts';
import { createDictation } from '../modules/speech/index.ts';
import { createDraftVocabularyReader } from './draft-vocabulary.ts';
import {
  createAdaptSpeakerHandler,
  createTranscribeVideoHandler,
  queueDueSpeakerAdaptations,
  queueMissingTranscripts,
  queueTranscript,
} from '../modules/transcripts/index.ts';

/** Everything uploads and media need besides HTTP, started and stopped with the process. */
export interface MediaRuntime {
  binaries: FfmpegBinaries;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  jobs: JobQueue;
  /**
   * Puts right what crashes left in processing (see recoverVideoProcessing); with the storage
   * scan, also removes work folders of dead processes.
   */
  recover(options: { isStorageScanned: boolean }): Promise<void>;
  /** Stops the workers (running jobs get a grace period); the database stays open. */
  stop(): Promise<void>;
}

/**
 * Resolves ffmpeg (and logs which one), opens the stores and the job queue, and starts workers
 * unless the role is `web` (which only queues jobs). Every role then recovers what a crash left
 * (at once, storage scan included) and keeps checking for jobs of dead workers and jobs out of
 * retries every JOB_MAINTENANCE_INTERVAL_SECONDS (at most every 10 s).
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
  const jobs = await startJobQueue({
    pool: database.pool,
    databaseUrl: database.url,
    config: config.jobs,
    log,
  });

  if (config.role !== 'web') {
    // One recognizer of answers: new drafts and the redrafts with a storyfile's voice.
    const dictation = createDictation({
      config: config.speech,
      niceness: config.jobs.transcribeNiceness,
    });
    await jobs.startWorkers(
      config.jobs.concurrency,
      {
        processVideo: createProcessVideoHandler({
          db: database.db,
          binaries,
          mediaStore,
          uploadStorage,
          log,
          onVideoReady: (assetId) => queueTranscript(database.db, jobs, assetId),
        }),
        packageJob: createPackageJobHandler({
          db: database.db,
          pool: database.pool,
          jobs,
          mediaStore,
          uploadStorage,
          signer: await createSharedMediaUrlSigner(database.db, config.media.urlTtlSeconds),
          publicUrl: config.publicUrl,
          log,
        }),
        transcribeVideo: createTranscribeVideoHandler({
          db: database.db,
          mediaStore,
          dictation,
          log,
          readVocabulary: createDraftVocabularyReader(database.db),
        }),
        adaptSpeaker: createAdaptSpeakerHandler({
          db: database.db,
          mediaStore,
          dictation,
          jobs,
          log,
        }),
      },
      { transcribeConcurrency: config.jobs.transcribeConcurrency },
    );
  }
  const recover = async ({ isStorageScanned }: { isStorageScanned: boolean }) => {
    const report = await recoverVideoProcessing({
      db: database.db,
      pool: database.pool,
      jobs,
      uploadStorage,
      isStorageScanned,
    });
    // Videos without a transcript (made before transcripts, imported, or whose process died
    // before queuing the draft) get their drafts queued, a batch a round.
    const queuedTranscripts = await queueMissingTranscripts(database.db, jobs);
    if (queuedTranscripts > 0) {
      log(`transcripts: ${queuedTranscripts} video(s) without a transcript queued for a draft`);
    }
    // Storyfiles whose corrected answers passed a milestone their voice was not made from (an
    // import or a duplicate, or a save whose job was lost) get the adaptation queued; only the
    // embedded recognizer is adapted.
    const queuedVoices = config.speech.external
      ? 0
      : await queueDueSpeakerAdaptations(database.db, jobs, config.speakerAdaptation);
    if (queuedVoices > 0) {
      log(`transcripts: ${queuedVoices} storyfile voice adaptation(s) queued`);
    }
    let removedFolders = 0;
    if (isStorageScanned) {
      // Work folders of processes that died mid-job (kill -9 leaves them); live ones stay.
      removedFolders =
        (await mediaStore.removeStaleStaging(new Date(Date.now() - 24 * 3600 * 1000))) +
        (await removeDeadTempWorkFolders());
    }
    if (report.failedUploads > 0 || report.queuedUploads > 0 || removedFolders > 0) {
      log(
        `processing recovery: ${report.queuedUploads} complete upload(s) queued, ${report.failedUploads} upload(s) out of retries marked failed, ${removedFolders} work folder(s) of dead processes removed`,
      );
    }
  };
  const watch = startRecoveryWatch(
    recover,
    Math.min(config.jobs.maintenanceIntervalSeconds, ABANDONED_JOB_CHECK_MAX_SECONDS) * 1000,
    log,
  );
  return {
    binaries,
    mediaStore,
    uploadStorage,
    jobs,
    recover,
    stop: async () => {
      await watch.stop();
      await jobs.stop();
    },
  };
}

/** The first round at once (with the storage scan), then every `intervalMs` without it. */
function startRecoveryWatch(
  recover: MediaRuntime['recover'],
  intervalMs: number,
  log: (message: string) => void,
): { stop(): Promise<void> } {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  const runRound = async (isStorageScanned: boolean) => {
    try {
      await recover({ isStorageScanned });
    } catch (error) {
      log(`processing recovery failed: ${(error as Error).message}`);
    }
    if (!isStopped) {
      // unref: a pending round never keeps the process alive.
      timer = setTimeout(() => {
        round = runRound(false);
      }, intervalMs).unref();
    }
  };
  let round = runRound(true);
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
