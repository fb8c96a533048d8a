import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** The database or a transaction on it: services that join a caller's transaction take this. */
export type Executor = PgDatabase<NodePgQueryResultHKT>;

/** PostgreSQL's unique_violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  // Drizzle wraps driver errors; the pg error with its code is the cause.
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return constraint === undefined || name === constraint;
    }
  }
  return false;
}
