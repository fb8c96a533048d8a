import type pg from 'pg';

/**
 * Runs `fn` in one transaction on a client of the pool: commits what it did when it returns,
 * rolls back and rethrows its error when it throws; the client goes back to the pool both ways.
 * For writes that must share the raw client with something outside Drizzle (the job queue's
 * insert of a job in the same transaction as the row it works on).
 */
export async function withPgTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
