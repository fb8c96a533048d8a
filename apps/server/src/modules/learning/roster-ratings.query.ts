import { sql } from 'drizzle-orm';
import type { AnswerRatings } from '@conversa/contracts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { learningAttempts } from './learning.tables.ts';

/**
 * How many answers each of these students rated up and down in the activity (their attempts'
 * exchanges): the roster page's ratings, read for its rows only (issue 68, item 11: the roster
 * CSV carried none). Unrated students are absent from the map.
 */
export async function queryRosterRatings(
  db: Executor,
  activityId: string,
  studentIds: readonly string[],
): Promise<Map<string, AnswerRatings>> {
  if (studentIds.length === 0) {
    return new Map();
  }
  const { rows } = await db.execute<{ student_id: string; up: number; down: number }>(sql`
    select t.student_id,
      count(*) filter (where e.feedback = 'up')::int as up,
      count(*) filter (where e.feedback = 'down')::int as down
    from ${learningAttempts} t
    join ${chatLogEntries} e on e.conversation_id = t.conversation_id
    where t.activity_id = ${activityId}
      and t.student_id = any(${uuidArray(studentIds)})
      and e.feedback is not null
    group by t.student_id`);
  return new Map(rows.map((row) => [row.student_id, { up: row.up, down: row.down }]));
}
