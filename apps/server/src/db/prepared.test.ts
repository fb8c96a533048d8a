// queryPrepared against a real PostgreSQL: the statement is prepared under its name on the
// connection that ran it, and later calls with other parameters reuse it and answer for them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/studio.ts';
import type { DatabaseHandle } from './client.ts';
import { queryPrepared } from './prepared.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('queryPrepared', () => {
  it('runs the statement under its name, each call with its own parameters', async () => {
    const squares: number[] = [];
    for (const value of [2, 3, 4, 5, 6, 7, 8]) {
      const [row] = await queryPrepared<{ square: number; prepared: string[] }>(
        database.db,
        'prepared_probe',
        sql`select ${value}::int * ${value}::int as square,
          array(select name from pg_prepared_statements order by name) as prepared`,
      );
      squares.push(row!.square);
      expect(row!.prepared).toContain('prepared_probe');
    }
    expect(squares).toEqual([4, 9, 16, 25, 36, 49, 64]);
  });
});
