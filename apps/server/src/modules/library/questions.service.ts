import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cleanAlternates,
  formatQuestionTakenMessage,
  MAX_QUESTIONS_PER_TOPIC,
  normalizeQuestionText,
  QUESTION_NOT_FOUND_MESSAGE,
  type createLibraryQuestionBodySchema,
  type CurrentUser,
  type LibraryQuestion,
  type ListLibraryQuestionsQuery,
  type Scope,
  type updateLibraryQuestionBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { questions, topics } from './library.tables.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  assertNamespaceRole,
  assertNoRepeatedAlternate,
  type Executor,
  isUniqueViolation,
  markDeleted,
  markRestored,
  markUpdated,
  rewritePositions,
  runListQueries,
} from '../lists/index.ts';
import {
  buildLibraryQuestionListQueries,
  buildLibraryQuestionQuery,
  presentLibraryQuestion,
  type LibraryQuestionRow,
} from './library.queries.ts';
import { findTopicFor, getLibraryListScope, getLiveQuestionIds } from './topics.service.ts';

type QuestionRecord = typeof questions.$inferSelect;

export const TOO_MANY_LIBRARY_QUESTIONS_MESSAGE = `A topic can have at most ${MAX_QUESTIONS_PER_TOPIC} questions.`;

export async function listLibraryQuestions(
  db: Database,
  user: CurrentUser,
  query: ListLibraryQuestionsQuery,
) {
  if (query.topicId !== undefined) {
    // A topic filter names a namespace too; an unknown or hidden topic answers 404.
    await findTopicFor(db, user, query.topicId, 'read:ns');
  }
  return runListQueries(
    db,
    buildLibraryQuestionListQueries(query, getLibraryListScope(user, query)),
    query,
    (row: LibraryQuestionRow) => presentLibraryQuestion(row),
  );
}

async function findQuestionFor(
  db: Executor,
  user: CurrentUser,
  questionId: string,
  required: Scope,
): Promise<QuestionRecord> {
  const [question] = await db.select().from(questions).where(eq(questions.id, questionId));
  if (!question) {
    throw notFound(QUESTION_NOT_FOUND_MESSAGE);
  }
  assertNamespaceRole(user, question.namespaceId, required, QUESTION_NOT_FOUND_MESSAGE);
  return question;
}

export async function getLibraryQuestion(
  db: Executor,
  questionId: string,
): Promise<LibraryQuestion> {
  const result = await db.execute<LibraryQuestionRow>(
    buildLibraryQuestionQuery(sql`q.id = ${questionId}`),
  );
  const row = result.rows[0];
  if (!row) {
    throw notFound(QUESTION_NOT_FOUND_MESSAGE);
  }
  return presentLibraryQuestion(row);
}

export async function getLibraryQuestionFor(
  db: Database,
  user: CurrentUser,
  questionId: string,
): Promise<LibraryQuestion> {
  await findQuestionFor(db, user, questionId, 'read:ns');
  return getLibraryQuestion(db, questionId);
}

function rethrowTaken(error: unknown, text: string): never {
  if (isUniqueViolation(error, 'questions_topic_text_key')) {
    throw conflict(formatQuestionTakenMessage(text));
  }
  throw error;
}

async function lockLiveTopic(tx: Executor, user: CurrentUser, topicId: string) {
  const topic = await findTopicFor(tx, user, topicId, 'edit:ns', { lock: true });
  if (topic.deletedAt !== null) {
    throw conflict(`The topic "${topic.name}" is deleted; restore it first.`);
  }
  return topic;
}

async function nextPosition(tx: Executor, topicId: string): Promise<number> {
  const ids = await getLiveQuestionIds(tx, topicId);
  if (ids.length >= MAX_QUESTIONS_PER_TOPIC) {
    throw conflict(TOO_MANY_LIBRARY_QUESTIONS_MESSAGE);
  }
  return ids.length;
}

async function touchTopic(tx: Executor, topicId: string, userId: string): Promise<void> {
  await tx.update(topics).set(markUpdated(userId)).where(eq(topics.id, topicId));
}

export async function createLibraryQuestion(
  db: Database,
  user: CurrentUser,
  body: z.infer<typeof createLibraryQuestionBodySchema>,
): Promise<LibraryQuestion> {
  const id = await db
    .transaction(async (tx) => {
      const topic = await lockLiveTopic(tx, user, body.topicId);
      assertNoRepeatedAlternate(body.text, body.alternates);
      const [row] = await tx
        .insert(questions)
        .values({
          namespaceId: topic.namespaceId,
          topicId: topic.id,
          text: body.text,
          textKey: normalizeQuestionText(body.text),
          alternates: cleanAlternates(body.text, body.alternates),
          position: await nextPosition(tx, topic.id),
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: questions.id });
      await touchTopic(tx, topic.id, user.iam);
      return row!.id;
    })
    .catch((error: unknown) => rethrowTaken(error, body.text));
  return getLibraryQuestion(db, id);
}

/** Edits text and alternates; a new `topicId` (same namespace) moves it to that topic's end. */
export async function updateLibraryQuestion(
  db: Database,
  user: CurrentUser,
  questionId: string,
  body: z.infer<typeof updateLibraryQuestionBodySchema>,
): Promise<LibraryQuestion> {
  const text = body.text ?? '';
  await db
    .transaction(async (tx) => {
      const current = await findQuestionFor(tx, user, questionId, 'edit:ns');
      if (current.deletedAt !== null) {
        throw conflict('This question is deleted; restore it before changing it.');
      }
      const isMove = body.topicId !== undefined && body.topicId !== current.topicId;
      // Topics are locked in id order, so two opposite moves cannot deadlock.
      const lockedTopics = new Map<string, Awaited<ReturnType<typeof lockLiveTopic>>>();
      for (const topicId of [current.topicId, ...(isMove ? [body.topicId!] : [])].sort()) {
        lockedTopics.set(topicId, await lockLiveTopic(tx, user, topicId));
      }
      const nextText = body.text ?? current.text;
      assertNoRepeatedAlternate(nextText, body.alternates);
      let move: { topicId: string; position: number } | undefined;
      if (isMove) {
        const destination = lockedTopics.get(body.topicId!)!;
        if (destination.namespaceId !== current.namespaceId) {
          throw badRequest("A question can only move to a topic of its own namespace's library.");
        }
        move = { topicId: destination.id, position: await nextPosition(tx, destination.id) };
      }
      await tx
        .update(questions)
        .set({
          text: nextText,
          textKey: normalizeQuestionText(nextText),
          alternates: cleanAlternates(nextText, body.alternates ?? current.alternates),
          ...(move ?? {}),
          ...markUpdated(user.iam),
        })
        .where(eq(questions.id, questionId));
      if (move) {
        await rewritePositions(tx, 'questions', await getLiveQuestionIds(tx, current.topicId));
        await touchTopic(tx, move.topicId, user.iam);
      }
      await touchTopic(tx, current.topicId, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, text));
  return getLibraryQuestion(db, questionId);
}

/** Soft delete; the remaining questions of the topic close the gap. */
export async function deleteLibraryQuestion(
  db: Database,
  user: CurrentUser,
  questionId: string,
): Promise<LibraryQuestion> {
  await db.transaction(async (tx) => {
    const question = await findQuestionFor(tx, user, questionId, 'edit:ns');
    await findTopicFor(tx, user, question.topicId, 'edit:ns', { lock: true });
    if (question.deletedAt !== null) {
      return;
    }
    await tx.update(questions).set(markDeleted(user.iam)).where(eq(questions.id, questionId));
    await rewritePositions(tx, 'questions', await getLiveQuestionIds(tx, question.topicId));
    await touchTopic(tx, question.topicId, user.iam);
  });
  return getLibraryQuestion(db, questionId);
}

/** Restores at the end of its topic; 409 when the topic is deleted or has the text again. */
export async function restoreLibraryQuestion(
  db: Database,
  user: CurrentUser,
  questionId: string,
): Promise<LibraryQuestion> {
  let text = '';
  await db
    .transaction(async (tx) => {
      const question = await findQuestionFor(tx, user, questionId, 'owner:ns');
      text = question.text;
      const topic = await findTopicFor(tx, user, question.topicId, 'owner:ns', { lock: true });
      if (question.deletedAt === null) {
        return;
      }
      if (topic.deletedAt !== null) {
        throw conflict(`The topic "${topic.name}" is deleted; restore it first.`);
      }
      await tx
        .update(questions)
        .set({ ...markRestored(user.iam), position: await nextPosition(tx, topic.id) })
        .where(eq(questions.id, questionId));
      await touchTopic(tx, topic.id, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, text));
  return getLibraryQuestion(db, questionId);
}
