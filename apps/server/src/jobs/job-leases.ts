import pg from 'pg';
import type PgBoss from 'pg-boss';
import { JOB_QUEUES, JOB_SCHEMA } from './queue-definition.ts';

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

export type LeaseConnection = ReturnType<typeof createLeaseConnection>;

/**
 * The connection that holds this process's job leases (see JOB_LEASE_LOCK). Opened on the first
 * job. If it breaks, the leases are gone and other processes may take the jobs: `onLost` aborts
 * the running ones rather than let two workers run one job.
 */
export function createLeaseConnection(
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

/**
 * Fails (into a retry, or failed once retries run out) every active job whose worker is gone: its
 * lease is free. Returns how many.
 */
export async function recoverAbandonedJobs(
  pool: pg.Pool,
  boss: PgBoss,
  log: (message: string) => void,
): Promise<number> {
  const { rows } = await pool.query<{ id: string; name: string }>(
    `select id, name from ${JOB_SCHEMA}.job
      where name = any($1) and state = 'active' and started_on < now() - make_interval(secs => $2)`,
    [JOB_QUEUES, LEASE_GRACE_SECONDS],
  );
  if (rows.length === 0) {
    return 0;
  }
  const abandoned: { id: string; name: string }[] = [];
  const client = await pool.connect();
  try {
    for (const job of rows) {
      const { id } = job;
      const { rows: lock } = await client.query<{ isFree: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as "isFree"',
        [JOB_LEASE_LOCK, id],
      );
      if (lock[0]?.isFree) {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LEASE_LOCK, id]);
        abandoned.push(job);
      }
    }
  } finally {
    client.release();
  }
  if (abandoned.length > 0) {
    for (const { id, name } of abandoned) {
      await boss.fail(name, id, {
        message: 'The worker running this job stopped (its process died).',
      });
    }
    log(`job queue: ${abandoned.length} job(s) of a worker that died go back to the queue`);
  }
  return abandoned.length;
}
