import type pg from 'pg';

/** Runs SQL on one connection; pass a transaction's client to send a job with that transaction. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
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
