import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
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
 * A storyfile package export or import (issue 31) runs on the same queue, workers, leases and
 * retries as video processing; its payload names the package job row, which holds the rest.
 */
export const packageJobPayloadSchema = z.object({ packageJobId: z.uuid() });
export type PackageJobPayload = z.infer<typeof packageJobPayloadSchema>;
const queuePayloadSchema = z.union([processVideoPayloadSchema, packageJobPayloadSchema]);

/**
 * Retry policy of video processing: a failure that is not the video's fault (ffmpeg crashed, the
 * database went away, the worker died) is tried again 3 times, backing off from
 * JOB_RETRY_DELAY_SECONDS. A worker that dies mid-job loses its lease (below) and the job is
 * retried at the next check; JOB_EXPIRE_SECONDS is the backstop for a worker alive but stuck. A
 * stopping worker hands its jobs back without spending a retry.
 */
export const PROCESS_VIDEO_RETRY_LIMIT = 3;

/**
 * First key of the advisory locks that are job leases. A worker holds a session-level advisory
 * lock per running job (second key: hashtext of the job id) on a connection of its own, so the
 * lock lives exactly as long as the worker process: PostgreSQL drops it the moment that process
 * dies, kill -9 included. An active job whose lock is free has no live worker.
 */
const JOB_LEASE_LOCK = 72_110_432;

/**
 * A job fetched this recently may not hold its lease yet (the fetch and the lock are two
 * statements); abandoned-job checks leave it alone until then.
 */
export const LEASE_GRACE_SECONDS = 5;

/** How often every process checks for jobs whose worker is gone and for jobs out of retries. */
export const ABANDONED_JOB_CHECK_MAX_SECONDS = 10;

/**
 * Seconds between a worker's polls of an empty queue. A queued job wakes workers at once instead
 * (WAKE_CHANNEL, and wakeWorkers in the same process): the poll is the backstop when a wake-up is
 * lost (the listening connection down for a moment).
 */
export const WORKER_POLLING_SECONDS = 2;

/**
 * PostgreSQL NOTIFY channel that wakes every worker process when a job is queued. Sent in the
 * queuing transaction, so it arrives at its commit: a separate worker process fetches the job at
 * once, not at its next poll (up to WORKER_POLLING_SECONDS of a person's wait for END otherwise).
 */
export const WAKE_CHANNEL = 'conversa_process_video';

/** How long a worker waits before opening its wake-up connection again after losing it. */
const WAKE_RECONNECT_MS = 1000;

/**
 * How long a stopping process lets running jobs finish (JOB_SHUTDOWN_GRACE_SECONDS) before it
 * aborts them and hands them back to the queue, retry count untouched.
 */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;

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

export type PackageJobHandler = (
  payload: PackageJobPayload,
  context: ProcessVideoContext,
) => Promise<void>;

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
  /** Lets this process's idle workers fetch at once instead of at their next poll. */
  wakeWorkers(): void;
  startWorkers(
    concurrency: number,
    handler: ProcessVideoHandler,
    packageHandler?: PackageJobHandler,
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
  // createQueue keeps the settings of the first start; apply changed ones (expiry) to new jobs,
  // and the expiry to jobs already waiting too (a job copies it when it is sent).
  await boss.updateQueue(PROCESS_VIDEO_QUEUE, queueOptions);
  await pool.query(
    `update ${JOB_SCHEMA}.job set expire_in = make_interval(secs => $2)
      where name = $1 and state in ('created', 'retry') and expire_in <> make_interval(secs => $2)`,
    [PROCESS_VIDEO_QUEUE, config.expireSeconds],
  );

  const workerIds: string[] = [];
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
   * Puts an active job back in the queue as if never taken: with `started_on` cleared, pg-boss's
   * next fetch does not count a retry. pg-boss 10 has no call for this, hence the SQL on its table.
   */
  const handBack = async (jobId: string) => {
    await pool.query(
      `update ${JOB_SCHEMA}.job set state = 'created', started_on = null, start_after = now()
        where name = $1 and id = $2 and state = 'active'`,
      [PROCESS_VIDEO_QUEUE, jobId],
    );
  };

  const recoverAbandonedJobs = async () => {
    const { rows } = await pool.query<{ id: string }>(
      `select id from ${JOB_SCHEMA}.job
        where name = $1 and state = 'active' and started_on < now() - make_interval(secs => $2)`,
      [PROCESS_VIDEO_QUEUE, LEASE_GRACE_SECONDS],
    );
    if (rows.length === 0) {
      return 0;
    }
    const abandoned: string[] = [];
    const client = await pool.connect();
    try {
      for (const { id } of rows) {
        const { rows: lock } = await client.query<{ isFree: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as "isFree"',
          [JOB_LEASE_LOCK, id],
        );
        if (lock[0]?.isFree) {
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LEASE_LOCK, id]);
          abandoned.push(id);
        }
      }
    } finally {
      client.release();
    }
    if (abandoned.length > 0) {
      for (const id of abandoned) {
        await boss.fail(PROCESS_VIDEO_QUEUE, id, {
          message: 'The worker running this job stopped (its process died).',
        });
      }
      log(`job queue: ${abandoned.length} job(s) of a worker that died go back to the queue`);
    }
    return abandoned.length;
  };

  return {
    boss,
    recoverAbandonedJobs,
    async findUploadsOfFailedJobs(uploadIds) {
      if (uploadIds.length === 0) {
        return [];
      }
      // The latest job of each upload decides: an old failed one is superseded by a fresh attempt.
      const { rows } = await pool.query<{ uploadId: string }>(
        `select upload_id as "uploadId" from (
           select distinct on (singleton_key) singleton_key as upload_id, state
             from (
               select singleton_key, state, created_on from ${JOB_SCHEMA}.job
                where name = $1 and singleton_key = any($2)
               union all
               select singleton_key, state, created_on from ${JOB_SCHEMA}.archive
                where name = $1 and singleton_key = any($2)
             ) jobs
            order by singleton_key, created_on desc
         ) latest where state = 'failed'`,
        [PROCESS_VIDEO_QUEUE, uploadIds],
      );
      return rows.map((row) => row.uploadId);
    },
    async enqueueVideoProcessing(uploadId, executor, enqueueOptions = {}) {
      await boss.send(PROCESS_VIDEO_QUEUE, { uploadId } satisfies ProcessVideoPayload, {
        id: enqueueOptions.isFreshAttempt ? randomUUID() : getProcessVideoJobId(uploadId),
        singletonKey: uploadId,
        ...(executor ? { db: executor } : {}),
      });
      // In a transaction PostgreSQL delivers it at the commit, when the job can be fetched.
      await (executor ?? toSqlExecutor(pool)).executeSql('select pg_notify($1, $2)', [
        WAKE_CHANNEL,
        '',
      ]);
    },
    async enqueuePackageJob(packageJobId, executor) {
      await boss.send(PROCESS_VIDEO_QUEUE, { packageJobId } satisfies PackageJobPayload, {
        id: packageJobId,
        singletonKey: `package:${packageJobId}`,
        ...(executor ? { db: executor } : {}),
      });
      await (executor ?? toSqlExecutor(pool)).executeSql('select pg_notify($1, $2)', [
        WAKE_CHANNEL,
        '',
      ]);
    },
    wakeWorkers() {
      for (const id of workerIds) {
        boss.notifyWorker(id);
      }
    },
    async startWorkers(concurrency, handler, packageHandler) {
      wakeListener ??= listenForWakeUps(options.databaseUrl, log, () => {
        for (const id of workerIds) {
          boss.notifyWorker(id);
        }
      });
      // One pg-boss worker per slot: each fetches one job at a time, so `concurrency` jobs run at once.
      for (let slot = 0; slot < concurrency; slot += 1) {
        // Known once boss.work returns; the handler reads it later.
        const self: { id?: string } = {};
        const id = await boss.work<ProcessVideoPayload | PackageJobPayload>(
          PROCESS_VIDEO_QUEUE,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.workerPollingSeconds ?? WORKER_POLLING_SECONDS,
          },
          async ([job]) => {
            if (!job) {
              return;
            }
            if (isStopping) {
              await handBack(job.id);
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
                [PROCESS_VIDEO_QUEUE, job.id, job.retryCount],
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
                  if (!packageHandler) {
                    throw new Error('This worker runs no storyfile package jobs.');
                  }
                  await packageHandler(payload, context);
                } else {
                  await handler(payload, context);
                }
                await boss.complete(PROCESS_VIDEO_QUEUE, job.id);
              } catch (error) {
                if (!isStopping) {
                  await boss.fail(PROCESS_VIDEO_QUEUE, job.id, {
                    message: (error as Error).message,
                  });
                  return;
                }
                // Whatever failed while the process stops (the abort after the grace period, or
                // ffmpeg stopped by the same signal) is not the job's fault: no retry is spent.
                await handBack(job.id);
                log(`job queue: handed job ${job.id} back to the queue (the worker is stopping)`);
              }
            } finally {
              await leases.release(job.id);
              running.delete(controller);
              settle();
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
    markStopping() {
      isStopping = true;
      if (workerIds.length > 0) {
        boss.offWork(PROCESS_VIDEO_QUEUE).catch(() => undefined);
      }
    },
    async stop() {
      isStopping = true;
      if (workerIds.length > 0) {
        await boss.offWork(PROCESS_VIDEO_QUEUE);
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

/**
 * A connection of its own that LISTENs on WAKE_CHANNEL and calls `onWake` for each job queued by
 * any process. Lost, it is opened again after WAKE_RECONNECT_MS (the workers' poll covers the gap).
 */
function listenForWakeUps(
  databaseUrl: string,
  log: (message: string) => void,
  onWake: () => void,
): { close(): Promise<void> } {
  let isClosed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    current = connection;
    const reopen = () => {
      if (current === connection) {
        current = undefined;
        connection.end().catch(() => undefined);
        if (!isClosed) {
          retry = setTimeout(() => void open(), WAKE_RECONNECT_MS);
          retry.unref();
        }
      }
    };
    connection.on('notification', onWake);
    connection.on('error', (error) => {
      log(`job queue: wake-up connection lost: ${error.message}`);
      reopen();
    });
    connection.on('end', reopen);
    try {
      await connection.connect();
      await connection.query(`listen ${WAKE_CHANNEL}`);
      // A job queued while this connection was down waits for no poll.
      onWake();
    } catch (error) {
      log(`job queue: wake-up connection failed: ${(error as Error).message}`);
      reopen();
    }
  };
  void open();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const connection = current;
      current = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}

/**
 * The connection that holds this process's job leases (see JOB_LEASE_LOCK). Opened on the first
 * job. If it breaks, the leases are gone and other processes may take the jobs: `onLost` aborts
 * the running ones rather than let two workers run one job.
 */
function createLeaseConnection(
  databaseUrl: string,
  log: (message: string) => void,
  onLost: () => void,
) {
  let client: Promise<pg.Client> | undefined;
  const connect = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    connection.on('error', (error) => {
      log(`job queue: lease connection lost: ${error.message}`);
      if (client) {
        client = undefined;
        onLost();
      }
    });
    await connection.connect();
    return connection;
  };
  const get = () => {
    client ??= connect().catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  return {
    async acquire(jobId: string) {
      await (
        await get()
      ).query('select pg_advisory_lock($1, hashtext($2))', [JOB_LEASE_LOCK, jobId]);
    },
    async release(jobId: string) {
      const connection = await client?.catch(() => undefined);
      await connection
        ?.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LEASE_LOCK, jobId])
        .catch(() => undefined);
    },
    async close() {
      const connection = await client?.catch(() => undefined);
      client = undefined;
      await connection?.end().catch(() => undefined);
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
