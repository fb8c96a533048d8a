import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_TOPICS_PER_CHECKLIST,
  TOPIC_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type StoryfileDetail,
  type StoryfileTopic,
  type createStoryfileTopicBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { clampIndex, markUpdated, rewritePositions, type Executor } from '../lists/index.ts';
import { questions, topics } from '../library/library.tables.ts';
import { mergeIntoChecklist, TOO_MANY_TOPICS_MESSAGE } from './checklist-merge.ts';
import {
  findTopic,
  getTopicIds,
  rethrowTaken,
  STORYFILE_TOPIC_NOT_FOUND_MESSAGE,
} from './checklist-rows.ts';
import { compactStarters } from './starters.service.ts';
import { getStoryfileDetail } from './storyfile-detail.ts';
import { lockLiveStoryfile, touchStoryfile } from './storyfile-lock.ts';
import { storyfileTopics } from './storyfiles.tables.ts';

type CreateTopicBody = z.infer<typeof createStoryfileTopicBodySchema>;

async function getStoryfileTopic(
  db: Executor,
  storyfileId: string,
  topicId: string,
): Promise<StoryfileTopic> {
  const detail = await getStoryfileDetail(db, storyfileId);
  const topic = detail.topics.find((candidate) => candidate.id === topicId);
  if (!topic) {
    throw notFound(STORYFILE_TOPIC_NOT_FOUND_MESSAGE);
  }
  return topic;
}

/**
 * Adds a topic at `index` (or the end). With `sourceTopicId`, a live topic of the storyfile's own
 * namespace library, its questions are copied in order, skipping any the storyfile already has.
 */
export async function createStoryfileTopic(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  body: CreateTopicBody,
): Promise<StoryfileTopic> {
  let name = body.name ?? '';
  const topicId = await db
    .transaction(async (tx) => {
      const storyfile = await lockLiveStoryfile(tx, storyfileId);
      let source: { id: string; name: string } | undefined;
      if (body.sourceTopicId !== undefined) {
        const [found] = await tx
          .select({ id: topics.id, name: topics.name })
          .from(topics)
          .where(
            and(
              eq(topics.id, body.sourceTopicId),
              eq(topics.namespaceId, storyfile.namespaceId),
              isNull(topics.deletedAt),
            ),
          );
        if (!found) {
          throw notFound(TOPIC_NOT_FOUND_MESSAGE);
        }
        source = found;
      }
      name = body.name ?? source?.name ?? '';
      if (name === '') {
        throw badRequest('Enter a name.');
      }
      const siblings = await getTopicIds(tx, storyfileId);
      if (siblings.length >= MAX_TOPICS_PER_CHECKLIST) {
        throw conflict(TOO_MANY_TOPICS_MESSAGE);
      }
      const [created] = await tx
        .insert(storyfileTopics)
        .values({
          storyfileId,
          name,
          position: siblings.length,
          sourceTopicId: source?.id ?? null,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: storyfileTopics.id });
      const id = created!.id;
      siblings.splice(clampIndex(body.index, siblings.length), 0, id);
      await rewritePositions(tx, 'storyfile_topics', siblings);
      if (source) {
        const libraryQuestions = await tx
          .select()
          .from(questions)
          .where(and(eq(questions.topicId, source.id), isNull(questions.deletedAt)))
          .orderBy(asc(questions.position), asc(questions.createdAt));
        await mergeIntoChecklist(tx, {
          storyfileId,
          userId: user.iam,
          groups: [
            {
              topicId: id,
              name,
              sourceTopicId: source.id,
              questions: libraryQuestions.map((question) => ({
                text: question.text,
                alternates: question.alternates,
                sourceQuestionId: question.id,
              })),
            },
          ],
        });
      }
      await touchStoryfile(tx, storyfileId, user.iam);
      return id;
    })
    .catch((error: unknown) => rethrowTaken(error, name, ''));
  return getStoryfileTopic(db, storyfileId, topicId);
}

export async function renameStoryfileTopic(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  topicId: string,
  name: string,
): Promise<StoryfileTopic> {
  await db
    .transaction(async (tx) => {
      await lockLiveStoryfile(tx, storyfileId);
      await findTopic(tx, storyfileId, topicId);
      await tx
        .update(storyfileTopics)
        .set({ name, ...markUpdated(user.iam) })
        .where(eq(storyfileTopics.id, topicId));
      await touchStoryfile(tx, storyfileId, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, name, ''));
  return getStoryfileTopic(db, storyfileId, topicId);
}

/** Removes a topic with its questions (and any starters among them); siblings close the gap. */
export async function deleteStoryfileTopic(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  topicId: string,
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    await findTopic(tx, storyfileId, topicId);
    await tx.delete(storyfileTopics).where(eq(storyfileTopics.id, topicId));
    await rewritePositions(tx, 'storyfile_topics', await getTopicIds(tx, storyfileId));
    await compactStarters(tx, storyfileId);
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}
