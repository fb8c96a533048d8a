import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs `query` on the pool as the named prepared statement `name`, for a statement every ask or
 * request sends with the same text (only its parameters change). PostgreSQL plans an unnamed
 * statement on every call, and a statement of many subqueries takes longer to plan than to run
 * (the matcher's stamp: 2.1 ms a call, 0.55 ms prepared); on each pooled connection a named one
 * is planned for its first five calls, then a generic plan is kept. Outside a transaction only:
 * the pool lends any connection.
 */
export async function queryPrepared<Row extends QueryResultRow>(
  db: Pick<Database, '$client'>,
  name: string,
  query: SQL,
): Promise<Row[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query<Row>({ name, text: sql, values: params });
  return result.rows;
}
