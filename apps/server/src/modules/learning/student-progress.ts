import type { Activity, Progress, RosterRow, Student } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { queryAttemptFigures } from './attempt-figures.query.ts';
import { computeProgress, NO_FIGURES } from './progress.ts';
import { selectStudents } from './students.query.ts';

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
