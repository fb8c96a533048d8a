import { sql } from 'drizzle-orm';
import {
  COMPLETION_RULE_EMPTY_MESSAGE,
  isCompletionRuleEmpty,
  STUDENT_NOT_FOUND_MESSAGE,
  type createActivityBodySchema,
} from '@conversa/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.ts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import {
  storyfileQuestions,
  storyfileTopics,
  storyfiles,
} from '../storyfiles/storyfiles.tables.ts';
import { teams } from '../accounts/accounts.tables.ts';

type CreateInput = z.output<typeof createActivityBodySchema>;

/**
 * Refuses what cannot work: storyfiles outside the organization, students who are not its
 * restricted members, teams of another organization, and a rule nobody could meet (a topic not in
 * the storyfiles' scripts, more different answers than are recorded).
 */
export async function assertActivityFields(
  db: Executor,
  organizationId: string,
  input: Pick<CreateInput, 'storyfileIds' | 'rule' | 'studentIds' | 'teamIds'>,
): Promise<void> {
  if (isCompletionRuleEmpty(input.rule)) {
    throw badRequest(COMPLETION_RULE_EMPTY_MESSAGE);
  }
  const storyfileIds = [...new Set(input.storyfileIds)];
  const found = await db.execute<{ id: string }>(sql`
    select id from ${storyfiles}
    where id = any(${uuidArray(storyfileIds)}) and namespace_id = ${organizationId}
      and deleted_at is null`);
  if (found.rows.length !== storyfileIds.length) {
    throw notFound('A chosen storyfile does not exist in this organization.');
  }
  if (input.rule.topicIds !== undefined) {
    const topics = await db.execute<{ id: string }>(sql`
      select id from ${storyfileTopics}
      where id = any(${uuidArray(input.rule.topicIds)})
        and storyfile_id = any(${uuidArray(storyfileIds)})`);
    const known = new Set(topics.rows.map((row) => row.id));
    if (input.rule.topicIds.some((topicId) => !known.has(topicId))) {
      throw badRequest(
        "This rule cannot be met: a topic to cover is not in the script of the activity's storyfiles.",
      );
    }
  }
  if (input.rule.distinctAnswers !== undefined) {
    const recorded = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from ${storyfileQuestions}
      where storyfile_id = any(${uuidArray(storyfileIds)}) and answer_recorded_at is not null`);
    const count = Number(recorded.rows[0]?.count ?? 0);
    if (input.rule.distinctAnswers > count) {
      throw badRequest(
        `This rule cannot be met: the storyfiles have ${count} recorded ${count === 1 ? 'answer' : 'answers'}, fewer than ${input.rule.distinctAnswers} different answers to hear.`,
      );
    }
  }
  const studentIds = [...new Set(input.studentIds)];
  if (studentIds.length > 0) {
    const students = await db.execute(sql`
      select user_id from ${userNamespaces}
      where namespace_id = ${organizationId} and user_id = any(${uuidArray(studentIds)})
        and scope = 'restricted:ns'`);
    if (students.rows.length !== studentIds.length) {
      throw notFound(STUDENT_NOT_FOUND_MESSAGE);
    }
  }
  const teamIds = [...new Set(input.teamIds)];
  if (teamIds.length > 0) {
    const found = await db.execute(sql`
      select id from ${teams} where namespace_id = ${organizationId} and id = any(${uuidArray(teamIds)})`);
    if (found.rows.length !== teamIds.length) {
      throw notFound('A chosen class (team) does not exist in this organization.');
    }
  }
}

export async function writeLinks(
  tx: Executor,
  activityId: string,
  input: Pick<CreateInput, 'storyfileIds' | 'studentIds' | 'teamIds'>,
): Promise<void> {
  await tx.execute(sql`delete from learning_activity_storyfiles where activity_id = ${activityId}`);
  await tx.execute(sql`delete from learning_assignments where activity_id = ${activityId}`);
  const storyfileIds = [...new Set(input.storyfileIds)];
  await tx.execute(sql`
    insert into learning_activity_storyfiles (activity_id, storyfile_id, position)
    select ${activityId}::uuid, id, ordinality - 1
    from unnest(${uuidArray(storyfileIds)}) with ordinality as ids(id, ordinality)`);
  const studentIds = [...new Set(input.studentIds)];
  if (studentIds.length > 0) {
    await tx.execute(sql`
      insert into learning_assignments (activity_id, user_id)
      select ${activityId}::uuid, id from unnest(${uuidArray(studentIds)}) as ids(id)`);
  }
  const teamIds = [...new Set(input.teamIds)];
  if (teamIds.length > 0) {
    await tx.execute(sql`
      insert into learning_assignments (activity_id, team_id)
      select ${activityId}::uuid, id from unnest(${uuidArray(teamIds)}) as ids(id)`);
  }
}
