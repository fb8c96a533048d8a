import { sql } from 'drizzle-orm';
import {
  ACTIVITY_NOT_FOUND_MESSAGE,
  type Activity,
  type CompletionRule,
  type CurrentUser,
} from '@conversa/contracts';
import { notFound } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { assertActivityOrganization } from './learning-access.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

type ActivityRow = {
  id: string;
  namespace_id: string;
  title: string;
  instructions: string;
  open_at: Date | string | null;
  due_at: Date | string | null;
  close_at: Date | string | null;
  rule: CompletionRule;
  archived_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  storyfiles: { id: string; name: string }[];
  student_ids: string[];
  team_ids: string[];
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    organizationId: row.namespace_id,
    title: row.title,
    instructions: row.instructions,
    storyfiles: row.storyfiles,
    openAt: isoOrNull(row.open_at),
    dueAt: isoOrNull(row.due_at),
    closeAt: isoOrNull(row.close_at),
    rule: row.rule,
    studentIds: row.student_ids,
    teamIds: row.team_ids,
    isArchived: row.archived_at !== null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Activities with their storyfiles and assignees, by a condition on `a`. */
export async function selectActivities(
  db: Executor,
  where: ReturnType<typeof sql>,
): Promise<Activity[]> {
  const result = await db.execute<ActivityRow>(sql`
    select a.id, a.namespace_id, a.title, a.instructions, a.open_at, a.due_at, a.close_at, a.rule,
      a.archived_at, a.created_at, a.updated_at,
      coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by las.position)
        from learning_activity_storyfiles las join ${storyfiles} s on s.id = las.storyfile_id
        where las.activity_id = a.id), '[]') as storyfiles,
      coalesce((select array_agg(la.user_id::text order by la.user_id) from learning_assignments la
        where la.activity_id = a.id and la.user_id is not null), '{}') as student_ids,
      coalesce((select array_agg(la.team_id::text order by la.team_id) from learning_assignments la
        where la.activity_id = a.id and la.team_id is not null), '{}') as team_ids
    from learning_activities a
    where ${where}
    order by a.created_at desc, a.id`);
  return result.rows.map(presentActivity);
}

/** The activity if the user runs its organization's learning; 404 otherwise, 403 without the attribute. */
export async function getOwnedActivity(
  db: Executor,
  user: CurrentUser,
  activityId: string,
): Promise<Activity> {
  const [activity] = await selectActivities(db, sql`a.id = ${activityId}`);
  if (!activity) {
    throw notFound(ACTIVITY_NOT_FOUND_MESSAGE);
  }
  await assertActivityOrganization(db, user, activity);
  return activity;
}
