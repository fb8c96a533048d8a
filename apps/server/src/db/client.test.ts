// openDatabase's statement bound against a real PostgreSQL: a statement past it is cancelled and
// reads as the database unavailable (the callers' 503), and a shorter one is untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/studio.ts';
import { type DatabaseHandle, isDatabaseUnavailable, openDatabase } from './client.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({
    databaseUrl: await createTestDatabase(),
    dataDir: '',
    embeddedPort: 0,
    connectTimeoutMs: 30_000,
    statementTimeoutMs: 1_000,
  });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the statement timeout (DATABASE_STATEMENT_TIMEOUT_SECONDS)', () => {
  it('cancels a statement that runs past it, and the error reads as the database unavailable', async () => {
    const error: unknown = await database.pool.query('select pg_sleep(5)').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves a statement within it alone', async () => {
    const { rows } = await database.pool.query<{ done: number }>(
      'select 1 as done from pg_sleep(0.1)',
    );
    expect(rows).toEqual([{ done: 1 }]);
  });
});
