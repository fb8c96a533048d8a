import { and, eq, isNull } from 'drizzle-orm';
import {
  STORYFILE_NOT_IN_ACTIVITY_MESSAGE,
  type CurrentUser,
  type MyActivityStoryfile,
} from '@conversa/contracts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { loadPlayerStoryfile } from '../conversations/index.ts';
import { getSpeechHints } from '../training/index.ts';
import {
  getMyActivityRecord,
  getNotStartableReason,
  type LearningContext,
} from './my-activities.service.ts';

/**
 * What the student's player loads for one storyfile of their activity. A student can read no
 * storyfile of the studio: this read is the only one, and only for a storyfile of an activity
 * assigned to them that they can start now (outside its dates there is nothing to play).
 */
export async function getMyActivityStoryfile(
  context: LearningContext,
  user: CurrentUser,
  activityId: string,
  storyfileId: string,
): Promise<MyActivityStoryfile> {
  const { engine } = context;
  const activity = await getMyActivityRecord(context, user, activityId);
  const reason = getNotStartableReason(activity);
  if (reason !== null) {
    throw forbidden(reason);
  }
  if (!activity.storyfiles.some((storyfile) => storyfile.id === storyfileId)) {
    throw notFound(STORYFILE_NOT_IN_ACTIVITY_MESSAGE);
  }
  const [storyfile] = await engine.db
    .select({ id: storyfiles.id, name: storyfiles.name, language: storyfiles.language })
    .from(storyfiles)
    .where(and(eq(storyfiles.id, storyfileId), isNull(storyfiles.deletedAt)));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_IN_ACTIVITY_MESSAGE);
  }
  const [player, hints] = await Promise.all([
    loadPlayerStoryfile(engine, storyfileId, `user:${user.iam}`),
    getSpeechHints(engine.db, storyfileId),
  ]);
  return {
    ...storyfile,
    ...player,
    // The activity's conversation is one of free questions (askMyActivity): no story to open.
    hasStory: false,
    speechHints: hints.terms,
  };
}
