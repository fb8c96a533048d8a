import type pg from 'pg';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import {
  failUploadsOfFailedJobs,
  queueCompleteUploads,
  type UploadStorage,
} from '../uploads/index.ts';

export interface ProcessingRecoveryReport {
  /** Active jobs whose worker died, back in the queue (or failed, when out of retries). */
  abandonedJobs: number;
  /** Videos still `processing` whose job ran out of retries: now FAIL, with a message. */
  failedUploads: number;
  /** Complete videos nobody had queued (a crash between their last byte and that commit). */
  queuedUploads: number;
}

/**
 * What a crash can leave in video processing, put right so that no video stays in a state that
 * never changes. Every step is idempotent and safe beside live workers and other replicas: a job
 * counts as abandoned only when its lease is free, a complete upload is queued once per upload id.
 * The storage scan (`isStorageScanned`) costs a look at every unfinished upload's bytes, so it runs
 * at start and in the hourly maintenance; the rest runs every few seconds.
 */
export async function recoverVideoProcessing(options: {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  uploadStorage: Pick<UploadStorage, 'getProgress'>;
  isStorageScanned: boolean;
}): Promise<ProcessingRecoveryReport> {
  const { db, pool, jobs, uploadStorage } = options;
  const abandonedJobs = await jobs.recoverAbandonedJobs();
  const processing = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.phase, 'processing'));
  const failed = await failUploadsOfFailedJobs(
    db,
    await jobs.findUploadsOfFailedJobs(processing.map((row) => row.id)),
  );
  const queued = options.isStorageScanned
    ? await queueCompleteUploads({ db, pool, jobs, storage: uploadStorage })
    : [];
  return { abandonedJobs, failedUploads: failed.length, queuedUploads: queued.length };
}
