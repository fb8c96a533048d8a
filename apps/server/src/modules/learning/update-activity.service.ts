import { sql } from 'drizzle-orm';
import type { Activity, CurrentUser, updateActivityBodySchema } from '@conversa/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../lists/index.ts';
import { getOwnedActivity, selectActivities } from './activities.query.ts';
import { assertActivityFields, writeLinks } from './activity-fields.ts';
import { buildRosters } from './student-progress.ts';
import { buildStatements, queueStatements } from './xapi.ts';

type UpdateInput = z.output<typeof updateActivityBodySchema>;

/** Where xAPI statements go when a rule edit completes students: undefined without an LRS. */
export interface CompletionStatements {
  publicUrl: string;
  /** Called after statements were queued and committed (the assembly drains the outbox). */
  onQueued?: (() => void) | undefined;
}

/**
 * "Completed" for every assigned student whose progress now meets the activity's rule, queued in
 * the transaction that changed the rule: editing a rule can complete a student who asks nothing
 * more. The statement's id is the student's and the activity's, so one queued earlier (by an ask,
 * or an earlier edit) is not queued again.
 */
async function queueCompletedStatements(
  tx: Executor,
  activityId: string,
  publicUrl: string,
): Promise<number> {
  const [activity] = await selectActivities(tx, sql`a.id = ${activityId}`);
  if (!activity) {
    return 0;
  }
  const roster = (await buildRosters(tx, [activity])).get(activity.id) ?? [];
  const storyfiles = new Map(
    activity.storyfiles.map((storyfile) => [storyfile.id, storyfile.name]),
  );
  const statements = roster.flatMap((row) =>
    row.progress.completedAt === null
      ? []
      : buildStatements({
          publicUrl,
          activity,
          storyfiles,
          student: row.student,
          entries: [],
          completedAt: row.progress.completedAt,
        }),
  );
  return queueStatements(tx, statements);
}

export async function updateActivity(
  db: Database,
  user: CurrentUser,
  activityId: string,
  input: UpdateInput,
  completions?: CompletionStatements,
): Promise<Activity> {
  const current = await getOwnedActivity(db, user, activityId);
  await assertActivityFields(db, current.organizationId, input);
  const queuedCount = await db.transaction(async (tx) => {
    await tx.execute(sql`
      update learning_activities set title = ${input.title}, instructions = ${input.instructions},
        open_at = ${input.openAt}, due_at = ${input.dueAt}, close_at = ${input.closeAt},
        rule = ${JSON.stringify(input.rule)}::jsonb,
        archived_at = case when ${input.isArchived} then coalesce(archived_at, now()) end,
        updated_at = now()
      where id = ${activityId}`);
    await writeLinks(tx, activityId, input);
    return completions === undefined
      ? 0
      : queueCompletedStatements(tx, activityId, completions.publicUrl);
  });
  if (queuedCount > 0) {
    completions?.onQueued?.();
  }
  return getOwnedActivity(db, user, activityId);
}
