import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cleanAlternates,
  MAX_QUESTIONS_PER_CHECKLIST,
  MAX_QUESTIONS_PER_TOPIC,
  normalizeQuestionText,
  QUESTION_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type StoryfileDetail,
  type StoryfileQuestion,
  type createStoryfileQuestionBodySchema,
  type updateStoryfileQuestionBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  assertNoRepeatedAlternate,
  clampIndex,
  markUpdated,
  rewritePositions,
} from '../lists/index.ts';
import { questions } from '../library/library.tables.ts';
import { TOO_MANY_QUESTIONS_MESSAGE, TOO_MANY_TOPIC_QUESTIONS_MESSAGE } from './checklist-merge.ts';
import {
  countQuestions,
  findQuestion,
  findTopic,
  getQuestionIds,
  rethrowTaken,
} from './checklist-rows.ts';
import { compactStarters } from './starters.service.ts';
import { getStoryfileDetail, presentStoryfileQuestion } from './storyfile-detail.ts';
import { lockLiveStoryfile, touchStoryfile } from './storyfile-lock.ts';
import { storyfileQuestions } from './storyfiles.tables.ts';

type CreateQuestionBody = z.infer<typeof createStoryfileQuestionBodySchema>;
type UpdateQuestionBody = z.infer<typeof updateStoryfileQuestionBodySchema>;

/**
 * Adds a question to a topic at `index` (or the end): typed in, or copied from a live question of
 * the storyfile's namespace library (`sourceQuestionId`). The same question twice is a 409.
 */
export async function createStoryfileQuestion(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  body: CreateQuestionBody,
): Promise<StoryfileQuestion> {
  let text = body.text ?? '';
  const questionId = await db
    .transaction(async (tx) => {
      const storyfile = await lockLiveStoryfile(tx, storyfileId);
      await findTopic(tx, storyfileId, body.topicId);
      let source: typeof questions.$inferSelect | undefined;
      if (body.sourceQuestionId !== undefined) {
        const [found] = await tx
          .select()
          .from(questions)
          .where(
            and(
              eq(questions.id, body.sourceQuestionId),
              eq(questions.namespaceId, storyfile.namespaceId),
              isNull(questions.deletedAt),
            ),
          );
        if (!found) {
          throw notFound(QUESTION_NOT_FOUND_MESSAGE);
        }
        source = found;
      }
      text = body.text ?? source?.text ?? '';
      if (text === '') {
        throw badRequest('Enter the question.');
      }
      assertNoRepeatedAlternate(text, body.alternates);
      if ((await countQuestions(tx, storyfileId)) >= MAX_QUESTIONS_PER_CHECKLIST) {
        throw conflict(TOO_MANY_QUESTIONS_MESSAGE);
      }
      const siblings = await getQuestionIds(tx, body.topicId);
      if (siblings.length >= MAX_QUESTIONS_PER_TOPIC) {
        throw conflict(TOO_MANY_TOPIC_QUESTIONS_MESSAGE);
      }
      const [created] = await tx
        .insert(storyfileQuestions)
        .values({
          storyfileId,
          storyfileTopicId: body.topicId,
          text,
          textKey: normalizeQuestionText(text),
          alternates: cleanAlternates(text, body.alternates ?? source?.alternates ?? []),
          position: siblings.length,
          sourceQuestionId: source?.id ?? null,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: storyfileQuestions.id });
      const id = created!.id;
      siblings.splice(clampIndex(body.index, siblings.length), 0, id);
      await rewritePositions(tx, 'storyfile_questions', siblings);
      await touchStoryfile(tx, storyfileId, user.iam);
      return id;
    })
    .catch((error: unknown) => rethrowTaken(error, '', text));
  return presentStoryfileQuestion(await findQuestion(db, storyfileId, questionId));
}

export async function updateStoryfileQuestion(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  questionId: string,
  body: UpdateQuestionBody,
): Promise<StoryfileQuestion> {
  const text = body.text ?? '';
  await db
    .transaction(async (tx) => {
      await lockLiveStoryfile(tx, storyfileId);
      const current = await findQuestion(tx, storyfileId, questionId);
      const nextText = body.text ?? current.text;
      assertNoRepeatedAlternate(nextText, body.alternates);
      await tx
        .update(storyfileQuestions)
        .set({
          text: nextText,
          textKey: normalizeQuestionText(nextText),
          alternates: cleanAlternates(nextText, body.alternates ?? current.alternates),
          ...markUpdated(user.iam),
        })
        .where(eq(storyfileQuestions.id, questionId));
      await touchStoryfile(tx, storyfileId, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, '', text));
  return presentStoryfileQuestion(await findQuestion(db, storyfileId, questionId));
}

export async function deleteStoryfileQuestion(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  questionId: string,
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    const question = await findQuestion(tx, storyfileId, questionId);
    await tx.delete(storyfileQuestions).where(eq(storyfileQuestions.id, questionId));
    await rewritePositions(
      tx,
      'storyfile_questions',
      await getQuestionIds(tx, question.storyfileTopicId),
    );
    await compactStarters(tx, storyfileId);
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}
