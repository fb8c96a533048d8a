import { createHash } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { JobsConfig } from '../config/env.ts';

/** Runs SQL on one connection; pass a transaction's client to send a job with that transaction. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The pg-boss schema; pg-boss creates and migrates it itself, apart from our Drizzle migrations. */
export const JOB_SCHEMA = 'pgboss';

export const PROCESS_VIDEO_QUEUE = 'process-video';

export const processVideoPayloadSchema = z.object({ uploadId: z.string().min(1).max(200) });
export type ProcessVideoPayload = z.infer<typeof processVideoPayloadSchema>;

/**
 * Retry policy of video processing: a failure that is not the video's fault (ffmpeg crashed, the
 * database went away, the worker was stopped) is tried again 3 times, backing off from
 * JOB_RETRY_DELAY_SECONDS. A worker that dies mid-job leaves the job active; it is retried once
 * JOB_EXPIRE_SECONDS pass.
 */
export const PROCESS_VIDEO_RETRY_LIMIT = 3;

/** Seconds between a worker's polls of an empty queue (a job queued in the same process wakes it at once). */
export const WORKER_POLLING_SECONDS = 2;

/** How long a stopping process lets running jobs finish before it aborts them (they are retried). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The job id of an upload's processing, derived from the upload id: sending it twice inserts
 * nothing the second time (pg-boss inserts with ON CONFLICT DO NOTHING on the id).
 */
export function getProcessVideoJobId(uploadId: string): string {
  const hex = createHash('sha256').update(`${PROCESS_VIDEO_QUEUE}:${uploadId}`).digest('hex');
  // Shaped as a UUID (version 8, "custom") because pg-boss stores ids in a uuid column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface ProcessVideoContext {
  signal: AbortSignal;
  /** True on the last attempt pg-boss will make; the handler records the failure for people then. */
  isLastAttempt: boolean;
}

export type ProcessVideoHandler = (
  payload: ProcessVideoPayload,
  context: ProcessVideoContext,
) => Promise<void>;

export interface JobQueue {
  /**
   * Queues the processing of an upload. With `executor` (a transaction's client) the job exists
   * exactly when that transaction commits; call `wakeWorkers` after the commit.
   */
  enqueueVideoProcessing(uploadId: string, executor?: SqlExecutor): Promise<void>;
  /** Lets this process's idle workers fetch at once instead of at their next poll. */
  wakeWorkers(): void;
  startWorkers(concurrency: number, handler: ProcessVideoHandler): Promise<void>;
  /** Stops fetching, lets running jobs finish for a grace period, aborts the rest (retried later). */
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

/** Adapts a pg pool or client to pg-boss's executor interface. */
export function toSqlExecutor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      const result = await client.query(text, values);
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Starts pg-boss on the studio's own pool (no second set of connections) and creates the queue.
 * Every process that queues or works starts one; any of them runs the maintenance that returns
 * jobs of dead workers to the queue.
 */
export async function startJobQueue(options: {
  pool: pg.Pool;
  config: JobsConfig;
  log: (message: string) => void;
}): Promise<JobQueue> {
  const { pool, config, log } = options;
  const boss = new PgBoss({
    db: toSqlExecutor(pool),
    schema: JOB_SCHEMA,
    schedule: false,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
  });
  boss.on('error', (error) => log(`job queue: ${error.message}`));
  await boss.start();
  const queueOptions = {
    name: PROCESS_VIDEO_QUEUE,
    retryLimit: PROCESS_VIDEO_RETRY_LIMIT,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireSeconds,
    retentionMinutes: 60 * 24 * 7,
  };
  await boss.createQueue(PROCESS_VIDEO_QUEUE, { ...queueOptions, policy: 'standard' });
  // createQueue keeps the settings of the first start; apply changed ones (expiry) to new jobs.
  await boss.updateQueue(PROCESS_VIDEO_QUEUE, queueOptions);

  const workerIds: string[] = [];
  const running = new Map<AbortController, Promise<void>>();
  let isStopping = false;

  return {
    boss,
    async enqueueVideoProcessing(uploadId, executor) {
      await boss.send(PROCESS_VIDEO_QUEUE, { uploadId } satisfies ProcessVideoPayload, {
        id: getProcessVideoJobId(uploadId),
        singletonKey: uploadId,
        ...(executor ? { db: executor } : {}),
      });
    },
    wakeWorkers() {
      for (const id of workerIds) {
        boss.notifyWorker(id);
      }
    },
    async startWorkers(concurrency, handler) {
      // One pg-boss worker per slot: each fetches one job at a time, so `concurrency` jobs run at once.
      for (let slot = 0; slot < concurrency; slot += 1) {
        // Known once boss.work returns; the handler reads it later.
        const self: { id?: string } = {};
        const id = await boss.work<ProcessVideoPayload>(
          PROCESS_VIDEO_QUEUE,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: WORKER_POLLING_SECONDS },
          async ([job]) => {
            if (!job || isStopping) {
              throw new Error('The worker is stopping; the job will be retried.');
            }
            const payload = processVideoPayloadSchema.parse(job.data);
            const controller = new AbortController();
            const run = handler(payload, {
              signal: controller.signal,
              isLastAttempt: job.retryCount >= job.retryLimit,
            });
            running.set(
              controller,
              run.catch(() => undefined),
            );
            try {
              await run;
            } finally {
              running.delete(controller);
              // Fetch the next job at once: pg-boss would otherwise wait out the rest of its
              // polling interval after every job, idling a busy worker.
              if (self.id && !isStopping) {
                boss.notifyWorker(self.id);
              }
            }
          },
        );
        self.id = id;
        workerIds.push(id);
      }
    },
    async stop() {
      isStopping = true;
      if (workerIds.length > 0) {
        await boss.offWork(PROCESS_VIDEO_QUEUE);
        const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
        await Promise.race([Promise.all(running.values()), grace]);
        for (const controller of running.keys()) {
          controller.abort(new Error('The studio is stopping; the job will be retried.'));
        }
        await Promise.all(running.values());
      }
      await boss.stop({ graceful: true, timeout: 2000, close: false });
    },
  };
}

/** Processing jobs by pg-boss state, for the metrics (one grouped count on the job table). */
export async function countProcessingJobsByState(pool: pg.Pool): Promise<Record<string, number>> {
  const result = await pool.query<{ state: string; count: number }>(
    `select state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job where name = $1 group by state`,
    [PROCESS_VIDEO_QUEUE],
  );
  return Object.fromEntries(result.rows.map((row) => [row.state, row.count]));
}
