// withPgTransaction against a real PostgreSQL: what it commits, what it rolls back, and that the
// pool gets its client back either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/studio.ts';
import type { DatabaseHandle } from './client.ts';
import { withPgTransaction } from './transaction.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.pool.query('create table transaction_probe (value text not null)');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function readValues(): Promise<string[]> {
  const result = await database.pool.query<{ value: string }>(
    'select value from transaction_probe order by value',
  );
  return result.rows.map((row) => row.value);
}

describe('withPgTransaction', () => {
  it('commits what the function wrote and returns its result', async () => {
    const result = await withPgTransaction(database.pool, async (client) => {
      await client.query("insert into transaction_probe (value) values ('kept')");
      return 42;
    });
    expect(result).toBe(42);
    expect(await readValues()).toEqual(['kept']);
    expect(database.pool.idleCount).toBe(database.pool.totalCount);
  });

  it('rolls back what the function wrote and rethrows its error', async () => {
    const failure = new Error('the job could not be queued');
    await expect(
      withPgTransaction(database.pool, async (client) => {
        await client.query("insert into transaction_probe (value) values ('dropped')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await readValues()).toEqual(['kept']);
    expect(database.pool.idleCount).toBe(database.pool.totalCount);
  });

  it('rolls back a statement error and leaves the client usable in the pool', async () => {
    await expect(
      withPgTransaction(database.pool, async (client) => {
        await client.query("insert into transaction_probe (value) values ('dropped')");
        await client.query('insert into transaction_probe (value) values (null)');
      }),
    ).rejects.toThrow(/null value/);
    expect(await readValues()).toEqual(['kept']);
    expect(database.pool.idleCount).toBe(database.pool.totalCount);
    expect(database.pool.waitingCount).toBe(0);
  });
});
