import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { LeaseConnection } from './job-leases.ts';
import { handBackJob } from './job-table.query.ts';
import {
  JOB_SCHEMA,
  queuePayloadSchema,
  type JobHandlers,
  type JobQueueName,
  type QueuePayload,
} from './queue-definition.ts';

/**
 * The work handler of one worker slot: takes the job's lease, runs it, records the outcome while
 * the lease is held, and hands the job back instead when the process is stopping.
 */
export function createJobRunner(options: {
  /** The queue this slot takes jobs from. */
  queue: JobQueueName;
  pool: pg.Pool;
  boss: PgBoss;
  leases: LeaseConnection;
  /** The jobs this process runs now, each with the promise stop() waits for. */
  running: Map<AbortController, Promise<void>>;
  isStopping: () => boolean;
  /** This slot's pg-boss worker id, known once boss.work returns. */
  self: { id?: string };
  handlers: JobHandlers;
  log: (message: string) => void;
}): PgBoss.WorkWithMetadataHandler<QueuePayload> {
  const { queue, pool, boss, leases, running, isStopping, self, handlers, log } = options;
  return async ([job]) => {
    if (!job) {
      return;
    }
    if (isStopping()) {
      await handBackJob(pool, job.id);
      return;
    }
    const controller = new AbortController();
    // Settles once the outcome is recorded and the lease released: what stop() waits for.
    let settle = () => {};
    running.set(controller, new Promise<void>((resolve) => (settle = resolve)));
    try {
      // The lease first: from here on, this process's death frees the job at once.
      await leases.acquire(job.id);
      // Between the fetch and the lease another process may have judged the job
      // abandoned (past the grace period; a later fetch counts one more retry): then it
      // is no longer ours to run, nor to complete.
      const { rows } = await pool.query<{ isOurs: boolean }>(
        `select state = 'active' and retry_count = $3 as "isOurs"
           from ${JOB_SCHEMA}.job where name = $1 and id = $2`,
        [queue, job.id, job.retryCount],
      );
      if (!rows[0]?.isOurs) {
        return;
      }
      // The outcome is recorded here, while the lease is still held (pg-boss's own
      // complete afterwards finds the job no longer active and changes nothing); released
      // first, another process could take the finished job for an abandoned one.
      try {
        const payload = queuePayloadSchema.parse(job.data);
        const context = {
          signal: controller.signal,
          isLastAttempt: job.retryCount >= job.retryLimit,
        };
        if ('packageJobId' in payload) {
          if (!handlers.packageJob) {
            throw new Error('This worker runs no storyfile package jobs.');
          }
          await handlers.packageJob(payload, context);
        } else if ('transcriptAssetId' in payload) {
          if (!handlers.transcribeVideo) {
            throw new Error('This worker makes no transcript drafts.');
          }
          await handlers.transcribeVideo(payload, context);
        } else if ('adaptStoryfileId' in payload) {
          if (!handlers.adaptSpeaker) {
            throw new Error('This worker adapts no storyfile voices.');
          }
          await handlers.adaptSpeaker(payload, context);
        } else {
          await handlers.processVideo(payload, context);
        }
        await boss.complete(queue, job.id);
      } catch (error) {
        if (!isStopping()) {
          await boss.fail(queue, job.id, {
            message: (error as Error).message,
          });
          return;
        }
        // Whatever failed while the process stops (the abort after the grace period, or
        // ffmpeg stopped by the same signal) is not the job's fault: no retry is spent.
        await handBackJob(pool, job.id);
        log(`job queue: handed job ${job.id} back to the queue (the worker is stopping)`);
      }
    } finally {
      await leases.release(job.id);
      running.delete(controller);
      settle();
      // Fetch the next job at once: pg-boss would otherwise wait out the rest of its
      // polling interval after every job, idling a busy worker.
      if (self.id && !isStopping()) {
        boss.notifyWorker(self.id);
      }
    }
  };
}
