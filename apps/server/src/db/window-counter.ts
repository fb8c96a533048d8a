import { sql, type SQL } from 'drizzle-orm';

/**
 * Whole seconds until a fixed window that began at `windowStart` is over, for Retry-After: read
 * from the clock, not from `now()`. `now()` is the transaction's start, and an upsert that waited on
 * a counter row's lock began before the transaction that started the window: its `now()` put the
 * window's end more than the window away (Retry-After 601 of 600 seconds, seen with 200 requests
 * at once).
 */
export function windowSecondsLeftSql(windowStart: SQL, window: SQL): SQL {
  return sql`ceil(extract(epoch from (${windowStart} + ${window} - clock_timestamp())))::int`;
}
