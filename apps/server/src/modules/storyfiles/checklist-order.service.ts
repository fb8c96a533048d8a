import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_QUESTIONS_PER_TOPIC,
  type CurrentUser,
  type StoryfileDetail,
  type moveStoryfileQuestionBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { clampIndex, markUpdated, reorderPositions, rewritePositions } from '../lists/index.ts';
import { TOO_MANY_TOPIC_QUESTIONS_MESSAGE } from './checklist-merge.ts';
import { findQuestion, findTopic, getQuestionIds, getTopicIds } from './checklist-rows.ts';
import { getStoryfileDetail } from './storyfile-detail.ts';
import { lockLiveStoryfile, touchStoryfile } from './storyfile-lock.ts';
import { storyfileQuestions } from './storyfiles.tables.ts';

type MoveQuestionBody = z.infer<typeof moveStoryfileQuestionBodySchema>;

// The order of a checklist: its topics, and its questions within and across topics.

export async function reorderStoryfileTopics(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  ids: readonly string[],
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    const current = await getTopicIds(tx, storyfileId);
    await reorderPositions(tx, 'storyfile_topics', current, ids, 'topic of the storyfile');
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

/** Moves a question to `index` of the same or another topic; both topics close their gaps. */
export async function moveStoryfileQuestion(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  questionId: string,
  body: MoveQuestionBody,
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    const question = await findQuestion(tx, storyfileId, questionId);
    await findTopic(tx, storyfileId, body.topicId);
    const sourceTopicId = question.storyfileTopicId;
    if (sourceTopicId !== body.topicId) {
      const destination = await getQuestionIds(tx, body.topicId);
      if (destination.length >= MAX_QUESTIONS_PER_TOPIC) {
        throw conflict(TOO_MANY_TOPIC_QUESTIONS_MESSAGE);
      }
      await tx
        .update(storyfileQuestions)
        .set({ storyfileTopicId: body.topicId, ...markUpdated(user.iam) })
        .where(eq(storyfileQuestions.id, questionId));
      await rewritePositions(tx, 'storyfile_questions', await getQuestionIds(tx, sourceTopicId));
    }
    const siblings = (await getQuestionIds(tx, body.topicId)).filter((id) => id !== questionId);
    siblings.splice(clampIndex(body.index, siblings.length), 0, questionId);
    await rewritePositions(tx, 'storyfile_questions', siblings);
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

export async function reorderStoryfileQuestions(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  topicId: string,
  ids: readonly string[],
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    await findTopic(tx, storyfileId, topicId);
    const current = await getQuestionIds(tx, topicId);
    await reorderPositions(tx, 'storyfile_questions', current, ids, 'question of the topic');
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}
