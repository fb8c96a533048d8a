import type { CurrentUser, XapiStatement } from '@conversa/contracts';
import { getOwnedActivity } from './activities.query.ts';
import type { LearningContext } from './my-activities.service.ts';
import { buildRosters } from './student-progress.ts';
import { listActivityEntries } from './transcripts.service.ts';
import { buildStatements } from './xapi.ts';

/** The xAPI statements of an activity (optionally of one student), built from the chat log. */
export async function getActivityStatements(
  context: LearningContext,
  user: CurrentUser,
  activityId: string,
  studentId?: string,
): Promise<XapiStatement[]> {
  const { db } = context.engine;
  const activity = await getOwnedActivity(db, user, activityId);
  const roster = (await buildRosters(db, [activity])).get(activity.id) ?? [];
  const entries = await listActivityEntries(
    context.engine,
    { activityIds: [activity.id], ...(studentId === undefined ? {} : { studentId }) },
    null,
  );
  const storyfiles = new Map(
    activity.storyfiles.map((storyfile) => [storyfile.id, storyfile.name]),
  );
  return roster
    .filter((row) => studentId === undefined || row.student.id === studentId)
    .flatMap((row) =>
      buildStatements({
        publicUrl: context.publicUrl,
        activity,
        storyfiles,
        student: row.student,
        entries: entries.filter((entry) => entry.studentId === row.student.id),
        completedAt: row.progress.completedAt,
      }),
    );
}
