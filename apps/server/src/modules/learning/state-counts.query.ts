import { sql, type SQL } from 'drizzle-orm';
import type { ProgressState } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { figuresSql, stateSql } from './attempt-figures.query.ts';
import { users } from '../users/users.tables.ts';

/**
 * How many assigned students each activity has in each state, aggregated in the database: one
 * statement for the whole activities page, nothing per student leaves PostgreSQL.
 */
export async function queryStateCounts(
  db: Executor,
  activityIds: string[],
  now = new Date(),
): Promise<Map<string, Partial<Record<ProgressState, number>>>> {
  const counts = new Map<string, Partial<Record<ProgressState, number>>>();
  if (activityIds.length === 0) {
    return counts;
  }
  const result = await db.execute<{ activity_id: string; state: ProgressState; count: number }>(
    stateCountsSql(activityIds, now),
  );
  for (const row of result.rows) {
    const entry = counts.get(row.activity_id) ?? {};
    entry[row.state] = Number(row.count);
    counts.set(row.activity_id, entry);
  }
  return counts;
}

/** The statement of `queryStateCounts` (the benchmark times it directly too). */
export function stateCountsSql(activityIds: string[], now: Date): SQL {
  return sql`
    with f as materialized (${figuresSql(activityIds)})
    select f.activity_id, ${stateSql(now)} as state, count(*)::int as count
    from f join ${users} u on u.id = f.student_id and u.deleted_at is null
    group by 1, 2`;
}
