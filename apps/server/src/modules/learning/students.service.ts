import { sql } from 'drizzle-orm';
import {
  STUDENT_NOT_FOUND_MESSAGE,
  type Activity,
  type CurrentUser,
  type Progress,
  type Student,
  type TranscriptEntry,
} from '@conversa/contracts';
import { notFound } from '../../http/errors.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { selectActivities } from './activities.query.ts';
import { assertLearningOrganization } from './learning-access.ts';
import { getStudentProgress } from './student-progress.ts';
import { selectStudents } from './students.query.ts';
import { listActivityEntries, toTranscriptEntry } from './transcripts.service.ts';
import { invitations, teamMembers } from '../accounts/accounts.tables.ts';

/** The condition "this activity is assigned to the student", directly or through a team. */
export function isAssignedTo(studentId: string) {
  return sql`exists (
    select 1 from learning_assignments la
    left join ${teamMembers} tm on tm.team_id = la.team_id
    where la.activity_id = a.id and (la.user_id = ${studentId} or tm.user_id = ${studentId}))`;
}

export async function listStudents(
  engine: ConversationEngine,
  user: CurrentUser,
  organizationId: string,
): Promise<{
  items: (Student & { activityCount: number })[];
  pendingInvitations: { id: string; email: string; name: string | null; expiresAt: string }[];
}> {
  const { db } = engine;
  await assertLearningOrganization(db, user, organizationId);
  const students = await selectStudents(db, organizationId, 'all');
  const counts = await db.execute<{ user_id: string; count: number }>(sql`
    select s.user_id, count(distinct a.id)::int as count
    from learning_activities a
    join learning_assignments la on la.activity_id = a.id
    left join ${teamMembers} tm on tm.team_id = la.team_id
    cross join lateral (select coalesce(la.user_id, tm.user_id) as user_id) s
    where a.namespace_id = ${organizationId} and a.archived_at is null and s.user_id is not null
    group by s.user_id`);
  const countById = new Map(counts.rows.map((row) => [row.user_id, Number(row.count)]));
  const pending = await db.execute<{
    id: string;
    email: string;
    name: string | null;
    expires_at: Date | string;
  }>(
    sql`
    select id, email, name, expires_at from ${invitations}
    where namespace_id = ${organizationId} and scope = 'restricted:ns' and status = 'pending'
      and expires_at > now()
    order by lower(email)`,
  );
  return {
    items: students.map((student) => ({
      ...student,
      activityCount: countById.get(student.id) ?? 0,
    })),
    pendingInvitations: pending.rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      expiresAt: new Date(row.expires_at).toISOString(),
    })),
  };
}

/** A student's page: their activities in the organization, states, and transcripts that play. */
export async function getStudent(
  engine: ConversationEngine,
  user: CurrentUser,
  organizationId: string,
  studentId: string,
): Promise<{
  student: Student;
  activities: { activity: Activity; progress: Progress; transcript: TranscriptEntry[] }[];
}> {
  const { db } = engine;
  await assertLearningOrganization(db, user, organizationId, STUDENT_NOT_FOUND_MESSAGE);
  const [student] = await selectStudents(db, organizationId, [studentId]);
  if (!student) {
    throw notFound(STUDENT_NOT_FOUND_MESSAGE);
  }
  const activities = await selectActivities(
    db,
    sql`a.namespace_id = ${organizationId} and ${isAssignedTo(studentId)}`,
  );
  const entries = await listActivityEntries(
    engine,
    { activityIds: activities.map((activity) => activity.id), studentId },
    `user:${user.iam}`,
  );
  const result = [];
  for (const activity of activities) {
    result.push({
      activity,
      progress: await getStudentProgress(db, activity, studentId),
      transcript: entries
        .filter((entry) => entry.activityId === activity.id)
        .map(toTranscriptEntry),
    });
  }
  return { student, activities: result };
}
