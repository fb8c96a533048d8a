import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatTopicNameTakenMessage,
  TOPIC_NOT_FOUND_MESSAGE,
  type createTopicBodySchema,
  type CurrentUser,
  type ListTopicsQuery,
  type NameTakenQuery,
  type Scope,
  type Topic,
  type TopicDetail,
  type updateTopicBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { questions, topics } from './library.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  type Executor,
  getNamespaceAccess,
  isNameUniqueFor,
  markUpdated,
  pickDefined,
  reorderPositions,
  resolveNamespaceFilter,
  rethrowNameTaken,
  runListQueries,
  takeDeletedColumns,
  takeRestoredColumns,
} from '../lists/index.ts';
import {
  buildLibraryQuestionQuery,
  buildTopicListQueries,
  buildTopicQuery,
  presentLibraryQuestion,
  presentTopic,
  type LibraryListScope,
  type LibraryQuestionRow,
  type TopicRow,
} from './library.queries.ts';

type TopicRecord = typeof topics.$inferSelect;

/** Scope of a library list: the namespaces asked for (or all visible), deleted rows for owners. */
export function getLibraryListScope(
  user: CurrentUser,
  input: { namespaceId?: string | undefined; includeDeleted: boolean },
): LibraryListScope {
  const namespaceIds = resolveNamespaceFilter(
    user,
    input.namespaceId === undefined ? undefined : [input.namespaceId],
  );
  return {
    namespaceIds,
    deletedIn: input.includeDeleted ? getNamespaceAccess(user).owned : 'none',
  };
}

export function listTopics(db: Database, user: CurrentUser, query: ListTopicsQuery) {
  return runListQueries(
    db,
    buildTopicListQueries(query, getLibraryListScope(user, query)),
    query,
    (row: TopicRow) => presentTopic(row),
  );
}

export function isTopicNameUnique(
  db: Database,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  return isNameUniqueFor(db, 'topics', user, query);
}

/**
 * Loads a topic (optionally locking it) and checks the user's scope in its namespace: an unknown
 * id and a topic of a namespace the user has no scope in both answer 404.
 */
export async function findTopicFor(
  db: Executor,
  user: CurrentUser,
  topicId: string,
  required: Scope,
  options: { lock?: boolean } = {},
): Promise<TopicRecord> {
  const query = db.select().from(topics).where(eq(topics.id, topicId));
  const [topic] = options.lock ? await query.for('update') : await query;
  if (!topic) {
    throw notFound(TOPIC_NOT_FOUND_MESSAGE);
  }
  assertNamespaceRole(user, topic.namespaceId, required, TOPIC_NOT_FOUND_MESSAGE);
  return topic;
}

export async function getTopic(db: Executor, topicId: string): Promise<Topic> {
  const result = await db.execute<TopicRow>(buildTopicQuery(topicId));
  const row = result.rows[0];
  if (!row) {
    throw notFound(TOPIC_NOT_FOUND_MESSAGE);
  }
  return presentTopic(row);
}

export async function getTopicDetail(db: Executor, topicId: string): Promise<TopicDetail> {
  const [topic, questionResult] = await Promise.all([
    getTopic(db, topicId),
    db.execute<LibraryQuestionRow>(
      buildLibraryQuestionQuery(
        sql`q.topic_id = ${topicId} and q.deleted_at is null`,
        sql`q.position, q.created_at`,
      ),
    ),
  ]);
  return { ...topic, questions: questionResult.rows.map(presentLibraryQuestion) };
}

const rethrowTopicNameTaken = (error: unknown, name: string): never =>
  rethrowNameTaken(error, 'topics_namespace_name_key', formatTopicNameTakenMessage, name);

export async function createTopic(
  db: Database,
  user: CurrentUser,
  body: z.infer<typeof createTopicBodySchema>,
): Promise<Topic> {
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  const [row] = await db
    .insert(topics)
    .values({
      namespaceId: body.namespaceId,
      name: body.name,
      description: body.description,
      createdBy: user.iam,
      updatedBy: user.iam,
    })
    .returning({ id: topics.id })
    .catch((error: unknown) => rethrowTopicNameTaken(error, body.name));
  return getTopic(db, row!.id);
}

export async function updateTopic(
  db: Database,
  user: CurrentUser,
  topicId: string,
  body: z.infer<typeof updateTopicBodySchema>,
): Promise<Topic> {
  await db
    .transaction(async (tx) => {
      const topic = await findTopicFor(tx, user, topicId, 'edit:ns', { lock: true });
      if (topic.deletedAt !== null) {
        throw conflict(`The topic "${topic.name}" is deleted; restore it before changing it.`);
      }
      await tx
        .update(topics)
        .set({ ...pickDefined(body, ['name', 'description']), ...markUpdated(user.iam) })
        .where(eq(topics.id, topicId));
    })
    .catch((error: unknown) => rethrowTopicNameTaken(error, body.name ?? ''));
  return getTopic(db, topicId);
}

/** Soft delete, renamed `<name> - Deleted`; its questions are hidden with it, not deleted. */
export async function deleteTopic(
  db: Database,
  user: CurrentUser,
  topicId: string,
): Promise<Topic> {
  await db.transaction(async (tx) => {
    const topic = await findTopicFor(tx, user, topicId, 'edit:ns', { lock: true });
    if (topic.deletedAt !== null) {
      return;
    }
    await tx
      .update(topics)
      .set(await takeDeletedColumns(tx, 'topics', topic, user.iam))
      .where(eq(topics.id, topicId));
  });
  return getTopic(db, topicId);
}

export async function restoreTopic(
  db: Database,
  user: CurrentUser,
  topicId: string,
): Promise<Topic> {
  await db.transaction(async (tx) => {
    const topic = await findTopicFor(tx, user, topicId, 'owner:ns', { lock: true });
    if (topic.deletedAt === null) {
      return;
    }
    const restored = await takeRestoredColumns(
      tx,
      'topics',
      topic,
      user.iam,
      formatTopicNameTakenMessage,
    );
    await tx
      .update(topics)
      .set(restored)
      .where(eq(topics.id, topicId))
      .catch((error: unknown) => rethrowTopicNameTaken(error, restored.name));
  });
  return getTopic(db, topicId);
}

/** Ids of a topic's live questions in their current order. */
export async function getLiveQuestionIds(tx: Executor, topicId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.topicId, topicId), isNull(questions.deletedAt)))
    .orderBy(asc(questions.position), asc(questions.createdAt));
  return rows.map((row) => row.id);
}

export async function reorderTopicQuestions(
  db: Database,
  user: CurrentUser,
  topicId: string,
  ids: readonly string[],
): Promise<TopicDetail> {
  await db.transaction(async (tx) => {
    await findTopicFor(tx, user, topicId, 'edit:ns', { lock: true });
    const current = await getLiveQuestionIds(tx, topicId);
    await reorderPositions(tx, 'questions', current, ids, 'question of the topic');
    await tx.update(topics).set(markUpdated(user.iam)).where(eq(topics.id, topicId));
  });
  return getTopicDetail(db, topicId);
}
