import { sql } from 'drizzle-orm';
import type { Activity, CurrentUser, createActivityBodySchema } from '@conversa/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { getOwnedActivity } from './activities.query.ts';
import { assertActivityFields, writeLinks } from './activity-fields.ts';
import { assertLearningOrganization } from './learning-access.ts';

type CreateInput = z.output<typeof createActivityBodySchema>;

export async function createActivity(
  db: Database,
  user: CurrentUser,
  input: CreateInput,
): Promise<Activity> {
  await assertLearningOrganization(db, user, input.organizationId);
  await assertActivityFields(db, input.organizationId, input);
  const id = await db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      insert into learning_activities
        (namespace_id, title, instructions, open_at, due_at, close_at, rule, created_by)
      values (${input.organizationId}, ${input.title}, ${input.instructions}, ${input.openAt},
        ${input.dueAt}, ${input.closeAt}, ${JSON.stringify(input.rule)}::jsonb, ${user.iam})
      returning id`);
    const created = result.rows[0]!.id;
    await writeLinks(tx, created, input);
    return created;
  });
  return getOwnedActivity(db, user, id);
}

/** A copy that nobody has started: same fields and assignees, "(copy)" after the title. */
export async function duplicateActivity(
  db: Database,
  user: CurrentUser,
  activityId: string,
): Promise<Activity> {
  const source = await getOwnedActivity(db, user, activityId);
  const suffix = ' (copy)';
  return createActivity(db, user, {
    organizationId: source.organizationId,
    title: `${source.title.slice(0, 200 - suffix.length)}${suffix}`,
    instructions: source.instructions,
    storyfileIds: source.storyfiles.map((storyfile) => storyfile.id),
    openAt: source.openAt,
    dueAt: source.dueAt,
    closeAt: source.closeAt,
    rule: source.rule,
    studentIds: source.studentIds,
    teamIds: source.teamIds,
  });
}
