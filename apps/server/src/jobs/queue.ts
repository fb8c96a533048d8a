import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../config/env.ts';
import { createLeaseConnection, recoverAbandonedJobs } from './job-leases.ts';
import { findUploadsOfFailedJobs } from './job-table.query.ts';
import { createJobRunner } from './job-worker.ts';
import {
  ADAPT_SPEAKER_PRIORITY,
  getProcessVideoJobId,
  JOB_QUEUES,
  JOB_SCHEMA,
  PROCESS_VIDEO_QUEUE,
  PROCESS_VIDEO_RETRY_LIMIT,
  TRANSCRIBE_VIDEO_QUEUE,
  type JobHandlers,
  type JobQueueName,
  type QueuePayload,
} from './queue-definition.ts';
import { toSqlExecutor, type SqlExecutor } from './sql-executor.ts';
import { listenForWakeUps, WAKE_CHANNEL, WORKER_POLLING_SECONDS } from './wake-ups.ts';

export interface JobQueue {
  /**
   * Queues the processing of an upload. With `executor` (a transaction's client) the job exists
   * exactly when that transaction commits; call `wakeWorkers` after the commit. The job id derives
   * from the upload id, so queuing twice inserts one job; `isFreshAttempt` gives a new id, for a
   * person's "try again" after the upload's job failed.
   */
  enqueueVideoProcessing(
    uploadId: string,
    executor?: SqlExecutor,
    options?: { isFreshAttempt?: boolean },
  ): Promise<void>;
  /**
   * Fails (into a retry, or failed once retries run out) every active job whose worker is gone:
   * its lease is free. Returns how many.
   */
  recoverAbandonedJobs(): Promise<number>;
  /** Of these uploads, those whose latest processing job failed for good (retries spent). */
  findUploadsOfFailedJobs(uploadIds: readonly string[]): Promise<string[]>;
  /**
   * Queues a storyfile package job (its row must exist, or come with `executor`'s transaction).
   * The job id is the package job's id, so queuing twice inserts one job.
   */
  enqueuePackageJob(packageJobId: string, executor?: SqlExecutor): Promise<void>;
  /**
   * Queues the transcript draft of a processed video, on the drafts' own queue. One job per asset
   * at a time (the asset id is its singleton key); `isFreshAttempt` queues a new one for a
   * person's "make a new draft".
   */
  enqueueTranscription(
    assetId: string,
    executor?: SqlExecutor,
    options?: { isFreshAttempt?: boolean },
  ): Promise<void>;
  /**
   * Queues the adaptation to a storyfile's speaker once its corrected answers reach `milestone`
   * (issue 52), on the drafts' queue at a low priority. The job id derives from both, so the
   * saves that pass one milestone queue one job. `redraftAfter` queues the next batch of
   * redrafts of a job that made its share.
   */
  enqueueSpeakerAdaptation(
    storyfileId: string,
    milestone: number | string,
    redraftAfter?: string,
  ): Promise<void>;
  /** Lets this process's idle workers fetch at once instead of at their next poll. */
  wakeWorkers(): void;
  /**
   * Starts `concurrency` slots on the video queue and, when the process makes drafts
   * (`handlers.transcribeVideo`), `transcribeConcurrency` slots on the drafts' queue (default 1):
   * a slot of one queue never takes the other's jobs, so a draft never keeps a video waiting.
   */
  startWorkers(
    concurrency: number,
    handlers: JobHandlers,
    options?: { transcribeConcurrency?: number },
  ): Promise<void>;
  /**
   * The process is stopping: from now on a job that fails (ffmpeg stopped by the same signal as
   * the process, under systemd's control-group kill or Ctrl-C) goes back to the queue without
   * spending a retry. Call it first thing on a stop signal, before anything that waits.
   */
  markStopping(): void;
  /**
   * Stops fetching, lets running jobs finish for JOB_SHUTDOWN_GRACE_SECONDS, aborts the rest and
   * hands them back to the queue (no retry spent).
   */
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

/** Lock key of the queues' set-up (beside the migrations' 72_110_431). */
const QUEUE_SETUP_LOCK_KEY = 72_110_433;

/**
 * Processes starting at once on one database (web processes and a worker, scale-out) start pg-boss
 * and set its queues up one at a time. A web process of scale-out.test.ts failed to start once with
 * PostgreSQL's "deadlock detected": beside the migrations (locked already) this is the start's only
 * DDL on shared tables (createQueue attaches a partition to pg-boss's job table, which another
 * process's update of the waiting jobs may hold).
 */
async function withQueueSetupLock(pool: pg.Pool, setUp: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
    try {
      await setUp();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Starts pg-boss on the studio's own pool (no second set of connections) and creates the queue.
 * Every process that queues or works starts one; any of them runs the maintenance that returns
 * jobs of dead workers to the queue.
 */
export async function startJobQueue(options: {
  pool: pg.Pool;
  /** For the lease connection of workers (a connection of its own, outside the pool). */
  databaseUrl: string;
  config: JobsConfig;
  log: (message: string) => void;
  /** WORKER_POLLING_SECONDS unless set (a test sets an hour: only a wake-up fetches then). */
  workerPollingSeconds?: number;
}): Promise<JobQueue> {
  const { pool, config, log } = options;
  const boss = new PgBoss({
    db: toSqlExecutor(pool),
    schema: JOB_SCHEMA,
    schedule: false,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
  });
  boss.on('error', (error) => log(`job queue: ${error.message}`));
  const queueOptions = {
    name: PROCESS_VIDEO_QUEUE,
    retryLimit: PROCESS_VIDEO_RETRY_LIMIT,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireSeconds,
    retentionMinutes: 60 * 24 * 7,
  };
  await withQueueSetupLock(pool, async () => {
    await boss.start();
    for (const name of JOB_QUEUES) {
      await boss.createQueue(name, { ...queueOptions, name, policy: 'standard' });
      // createQueue keeps the settings of the first start; apply changed ones (expiry) to new
      // jobs, and the expiry to jobs already waiting too (a job copies it when it is sent).
      await boss.updateQueue(name, { ...queueOptions, name });
    }
    await pool.query(
      `update ${JOB_SCHEMA}.job set expire_in = make_interval(secs => $2)
        where name = any($1) and state in ('created', 'retry') and expire_in <> make_interval(secs => $2)`,
      [JOB_QUEUES, config.expireSeconds],
    );
  });

  const workerIds: { queue: JobQueueName; id: string }[] = [];
  const running = new Map<AbortController, Promise<void>>();
  let isStopping = false;
  let wakeListener: { close(): Promise<void> } | undefined;
  const leases = createLeaseConnection(options.databaseUrl, log, () => {
    for (const controller of running.keys()) {
      controller.abort(
        new Error('The worker lost its database connection; the job will be retried.'),
      );
    }
  });

  /**
   * Sends a job and wakes the workers of every process. In a transaction (`executor`) both take
   * effect at the commit, when the job can be fetched.
   */
  async function sendAndWake(
    queue: JobQueueName,
    payload: QueuePayload,
    sendOptions: { id: string; singletonKey: string; priority?: number },
    executor: SqlExecutor | undefined,
  ): Promise<void> {
    await boss.send(queue, payload, {
      ...sendOptions,
      ...(executor ? { db: executor } : {}),
    });
    await (executor ?? toSqlExecutor(pool)).executeSql('select pg_notify($1, $2)', [
      WAKE_CHANNEL,
      '',
    ]);
  }
  const workedQueues = () => [...new Set(workerIds.map(({ queue }) => queue))];
  const notifyWorkers = () => {
    for (const { id } of workerIds) {
      boss.notifyWorker(id);
    }
  };

  return {
    boss,
    recoverAbandonedJobs: () => recoverAbandonedJobs(pool, boss, log),
    findUploadsOfFailedJobs: (uploadIds) => findUploadsOfFailedJobs(pool, uploadIds),
    enqueueVideoProcessing: (uploadId, executor, enqueueOptions = {}) =>
      sendAndWake(
        PROCESS_VIDEO_QUEUE,
        { uploadId },
        {
          id: enqueueOptions.isFreshAttempt ? randomUUID() : getProcessVideoJobId(uploadId),
          singletonKey: uploadId,
        },
        executor,
      ),
    enqueuePackageJob: (packageJobId, executor) =>
      sendAndWake(
        PROCESS_VIDEO_QUEUE,
        { packageJobId },
        { id: packageJobId, singletonKey: `package:${packageJobId}` },
        executor,
      ),
    enqueueTranscription: (assetId, executor, enqueueOptions = {}) =>
      sendAndWake(
        TRANSCRIBE_VIDEO_QUEUE,
        { transcriptAssetId: assetId },
        {
          id: enqueueOptions.isFreshAttempt
            ? randomUUID()
            : getProcessVideoJobId(`transcribe:${assetId}`),
          singletonKey: `transcribe:${assetId}`,
        },
        executor,
      ),
    enqueueSpeakerAdaptation: (storyfileId, milestone, redraftAfter) =>
      sendAndWake(
        TRANSCRIBE_VIDEO_QUEUE,
        { adaptStoryfileId: storyfileId, ...(redraftAfter ? { redraftAfter } : {}) },
        {
          id: getProcessVideoJobId(`adapt:${storyfileId}:${milestone}`),
          singletonKey: `adapt:${storyfileId}`,
          priority: ADAPT_SPEAKER_PRIORITY,
        },
        undefined,
      ),
    wakeWorkers: notifyWorkers,
    async startWorkers(concurrency, handlers, startOptions = {}) {
      wakeListener ??= listenForWakeUps(options.databaseUrl, log, notifyWorkers);
      const slots: JobQueueName[] = [
        ...Array.from({ length: concurrency }, (): JobQueueName => PROCESS_VIDEO_QUEUE),
        ...Array.from(
          { length: handlers.transcribeVideo ? (startOptions.transcribeConcurrency ?? 1) : 0 },
          (): JobQueueName => TRANSCRIBE_VIDEO_QUEUE,
        ),
      ];
      // One pg-boss worker per slot: each fetches one job at a time from its queue.
      for (const queue of slots) {
        // Known once boss.work returns; the handler reads it later.
        const self: { id?: string } = {};
        const id = await boss.work<QueuePayload>(
          queue,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.workerPollingSeconds ?? WORKER_POLLING_SECONDS,
          },
          createJobRunner({
            queue,
            pool,
            boss,
            leases,
            running,
            isStopping: () => isStopping,
            self,
            handlers,
            log,
          }),
        );
        self.id = id;
        workerIds.push({ queue, id });
      }
    },
    markStopping() {
      isStopping = true;
      for (const queue of workedQueues()) {
        boss.offWork(queue).catch(() => undefined);
      }
    },
    async stop() {
      isStopping = true;
      if (workerIds.length > 0) {
        await Promise.all(workedQueues().map((queue) => boss.offWork(queue)));
        const grace = new Promise((resolve) =>
          setTimeout(resolve, config.shutdownGraceSeconds * 1000).unref(),
        );
        await Promise.race([Promise.all(running.values()), grace]);
        for (const controller of running.keys()) {
          controller.abort(new Error('The studio is stopping; the job goes back to the queue.'));
        }
        await Promise.all(running.values());
      }
      await wakeListener?.close();
      await boss.stop({ graceful: true, timeout: 2000, close: false });
      await leases.close();
    },
  };
}
