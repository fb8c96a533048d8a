import type pg from 'pg';
import {
  JOB_QUEUES,
  JOB_SCHEMA,
  PROCESS_VIDEO_QUEUE,
  type JobQueueName,
} from './queue-definition.ts';

/**
 * Puts an active job back in the queue as if never taken: with `started_on` cleared, pg-boss's
 * next fetch does not count a retry. pg-boss 10 has no call for this, hence the SQL on its table.
 */
export async function handBackJob(pool: pg.Pool, jobId: string): Promise<void> {
  await pool.query(
    `update ${JOB_SCHEMA}.job set state = 'created', started_on = null, start_after = now()
      where name = any($1) and id = $2 and state = 'active'`,
    [JOB_QUEUES, jobId],
  );
}

/** Of these uploads, those whose latest processing job failed for good (retries spent). */
export async function findUploadsOfFailedJobs(
  pool: pg.Pool,
  uploadIds: readonly string[],
): Promise<string[]> {
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
}

/**
 * Each queue's jobs by pg-boss state, for the metrics (one grouped count on the job table): the
 * videos' processing (and packages) and the transcripts' drafts.
 */
export async function countJobsByQueueAndState(
  pool: pg.Pool,
): Promise<Record<JobQueueName, Record<string, number>>> {
  const result = await pool.query<{ queue: JobQueueName; state: string; count: number }>(
    `select name as queue, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job
      where name = any($1) group by name, state`,
    [JOB_QUEUES],
  );
  const counts = Object.fromEntries(JOB_QUEUES.map((queue) => [queue, {}])) as Record<
    JobQueueName,
    Record<string, number>
  >;
  for (const row of result.rows) {
    counts[row.queue][row.state] = row.count;
  }
  return counts;
}
