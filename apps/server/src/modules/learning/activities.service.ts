import { sql } from 'drizzle-orm';
import {
  ACTIVITY_NOT_FOUND_MESSAGE,
  COMPLETION_RULE_EMPTY_MESSAGE,
  isCompletionRuleEmpty,
  LEARNING_NOT_ENABLED_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  type Activity,
  type CompletionRule,
  type CurrentUser,
  type Progress,
  type ProgressState,
  type RosterRow,
  type Student,
  getListPageCount,
  type createActivityBodySchema,
  type rosterQuerySchema,
  type updateActivityBodySchema,
} from '@conversa/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  buildSearchCondition,
  uuidArray,
  type Executor,
  type SearchFieldSql,
} from '../lists/index.ts';
import { computeProgress, NO_FIGURES } from './progress.ts';
import { queryAttemptFigures, queryRosterPage, queryStateCounts } from './progress.query.ts';
import { buildStatements, queueStatements } from './xapi.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import {
  storyfileQuestions,
  storyfiles,
  storyfileTopics,
} from '../storyfiles/storyfiles.tables.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import { users } from '../users/users.tables.ts';

type CreateInput = z.output<typeof createActivityBodySchema>;
type UpdateInput = z.output<typeof updateActivityBodySchema>;
type RosterListQuery = z.output<typeof rosterQuerySchema>;
type RosterSearchField = RosterListQuery['searchOptions'][number];

/**
 * The learning module is an owner's tool in an organization with LEARNING_MODULE (spec §2, §6).
 * An organization the user does not own answers 404 (no crossing over); one they own without the
 * attribute answers 403, and its data stays.
 */
export async function assertLearningOrganization(
  db: Executor,
  user: CurrentUser,
  organizationId: string,
  notFoundMessage = ORGANIZATION_NOT_FOUND_MESSAGE,
): Promise<void> {
  if (user.isAdmin) {
    // Admins have every attribute (spec §6); the organization must still exist.
    const found = await db.execute(sql`select 1 from ${namespaces} where id = ${organizationId}`);
    if (found.rows.length === 0) {
      throw notFound(notFoundMessage);
    }
    return;
  }
  const namespace = user.namespaces.find((entry) => entry.id === organizationId);
  if (namespace?.userNamespaces[0]?.scope !== 'owner:ns') {
    throw notFound(notFoundMessage);
  }
  if (namespace.attributes.LEARNING_MODULE !== true) {
    throw forbidden(LEARNING_NOT_ENABLED_MESSAGE);
  }
}

/** The organizations whose learning the user runs: admins every one, else owned ones with the attribute. */
export function getLearningOrganizationIds(user: CurrentUser): 'all' | string[] {
  if (user.isAdmin) {
    return 'all';
  }
  return user.namespaces
    .filter(
      (namespace) =>
        namespace.userNamespaces[0]?.scope === 'owner:ns' &&
        namespace.attributes.LEARNING_MODULE === true,
    )
    .map((namespace) => namespace.id);
}

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

/**
 * `assertLearningOrganization` for an activity that was found: its organization exists (a foreign
 * key), so an admin needs no further read.
 */
async function assertActivityOrganization(
  db: Executor,
  user: CurrentUser,
  activity: Activity,
): Promise<void> {
  if (user.isAdmin) {
    return;
  }
  await assertLearningOrganization(db, user, activity.organizationId, ACTIVITY_NOT_FOUND_MESSAGE);
}

/**
 * Refuses what cannot work: storyfiles outside the organization, students who are not its
 * restricted members, teams of another organization, and a rule nobody could meet (a topic not in
 * the storyfiles' scripts, more different answers than are recorded).
 */
async function assertActivityFields(
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

async function writeLinks(
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

export async function listActivities(
  db: Database,
  user: CurrentUser,
  query: { organizationId?: string | undefined; includeArchived: boolean },
): Promise<(Activity & { counts: Partial<Record<ProgressState, number>> })[]> {
  const organizations = getLearningOrganizationIds(user);
  if (query.organizationId !== undefined) {
    await assertLearningOrganization(db, user, query.organizationId);
  }
  const inOrganizations =
    query.organizationId !== undefined
      ? sql`a.namespace_id = ${query.organizationId}`
      : organizations === 'all'
        ? sql`true`
        : sql`a.namespace_id = any(${uuidArray(organizations)})`;
  const archived = query.includeArchived ? sql`true` : sql`a.archived_at is null`;
  const activities = await selectActivities(db, sql`${inOrganizations} and ${archived}`);
  // The states are counted by PostgreSQL (one statement for every activity of the page).
  const counts = await queryStateCounts(
    db,
    activities.map((activity) => activity.id),
  );
  return activities.map((activity) => ({ ...activity, counts: counts.get(activity.id) ?? {} }));
}

/** Students by id: name per the spec's display rule (first and last name, else email). */
export async function selectStudents(
  db: Executor,
  organizationId: string,
  userIds: string[] | 'all',
): Promise<Student[]> {
  const only = userIds === 'all' ? sql`true` : sql`u.id = any(${uuidArray(userIds)})`;
  const result = await db.execute<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    team_ids: string[];
  }>(sql`
    select u.id, u.email, u.first_name, u.last_name,
      coalesce((select array_agg(tm.team_id::text order by tm.team_id) from ${teamMembers} tm
        join ${teams} t on t.id = tm.team_id
        where tm.user_id = u.id and t.namespace_id = ${organizationId}), '{}') as team_ids
    from ${userNamespaces} un join ${users} u on u.id = un.user_id
    where un.namespace_id = ${organizationId} and un.scope = 'restricted:ns'
      and u.deleted_at is null and ${only}
    order by lower(u.email)`);
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: formatStudentName({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
    }),
    teamIds: row.team_ids,
  }));
}

/** The spec's display rule for a person: first and last name, else the email. */
function formatStudentName(student: {
  email: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  return [student.firstName, student.lastName].filter(Boolean).join(' ').trim() || student.email;
}

/** Each activity's roster, from one progress query over all of them. */
export async function buildRosters(
  db: Executor,
  activities: Activity[],
  now = new Date(),
): Promise<Map<string, RosterRow[]>> {
  const figures = await queryAttemptFigures(
    db,
    activities.map((activity) => activity.id),
  );
  const rosters = new Map<string, RosterRow[]>();
  const studentsByOrganization = new Map<string, Map<string, Student>>();
  for (const organizationId of new Set(activities.map((activity) => activity.organizationId))) {
    const ids = [
      ...new Set(
        figures
          .filter(
            (row) =>
              activities.find((activity) => activity.id === row.activityId)?.organizationId ===
              organizationId,
          )
          .map((row) => row.studentId),
      ),
    ];
    const students = ids.length === 0 ? [] : await selectStudents(db, organizationId, ids);
    studentsByOrganization.set(
      organizationId,
      new Map(students.map((student) => [student.id, student])),
    );
  }
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  for (const row of figures) {
    const activity = byId.get(row.activityId)!;
    const student = studentsByOrganization.get(activity.organizationId)?.get(row.studentId);
    if (!student) {
      continue;
    }
    const progress = computeProgress(
      activity.rule,
      activity.dueAt === null ? null : new Date(activity.dueAt),
      row,
      now,
    );
    const list = rosters.get(activity.id) ?? [];
    list.push({ student, progress });
    rosters.set(activity.id, list);
  }
  for (const list of rosters.values()) {
    list.sort((a, b) => a.student.name.localeCompare(b.student.name));
  }
  return rosters;
}

/** Search fields of the roster (spec §5 search) as SQL over the roster's `r` rows. */
const ROSTER_SEARCH_FIELDS: Record<RosterSearchField, SearchFieldSql> = {
  name: (pattern) => sql`r.name ilike ${pattern}`,
  email: (pattern) => sql`r.email ilike ${pattern}`,
};

/**
 * An activity and one page of its roster. The activity and the roster are read side by side (two
 * statements on two connections); the roster is only returned once the activity is known to be
 * the user's to see.
 */
export async function getActivityWithRoster(
  db: Database,
  user: CurrentUser,
  activityId: string,
  query: RosterListQuery,
  now = new Date(),
): Promise<{
  activity: Activity;
  roster: RosterRow[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  counts: Partial<Record<ProgressState, number>>;
}> {
  const search = buildSearchCondition(
    query.search,
    query.searchOptions.map((field) => ROSTER_SEARCH_FIELDS[field]),
  );
  const request = { search, page: query.page, pageSize: query.pageSize };
  const [[activity], rosterPage] = await Promise.all([
    selectActivities(db, sql`a.id = ${activityId}`),
    queryRosterPage(db, activityId, request, now),
  ]);
  if (!activity) {
    throw notFound(ACTIVITY_NOT_FOUND_MESSAGE);
  }
  await assertActivityOrganization(db, user, activity);
  const roster = rosterPage.rows.map((row) => ({
    student: {
      id: row.studentId,
      email: row.email,
      name: formatStudentName(row),
      teamIds: row.teamIds,
    },
    progress: computeProgress(
      activity.rule,
      activity.dueAt === null ? null : new Date(activity.dueAt),
      row,
      now,
    ),
  }));
  return {
    activity,
    roster,
    page: query.page,
    pageSize: query.pageSize,
    total: rosterPage.total,
    pageCount: getListPageCount(rosterPage.total, query.pageSize),
    counts: rosterPage.counts,
  };
}

/** One student's progress in one activity (not assigned: figures of nothing). */
export async function getStudentProgress(
  db: Executor,
  activity: Pick<Activity, 'id' | 'rule' | 'dueAt'>,
  studentId: string,
  now = new Date(),
): Promise<Progress> {
  const [figures] = await queryAttemptFigures(db, [activity.id], studentId);
  return computeProgress(
    activity.rule,
    activity.dueAt === null ? null : new Date(activity.dueAt),
    figures ?? NO_FIGURES,
    now,
  );
}
