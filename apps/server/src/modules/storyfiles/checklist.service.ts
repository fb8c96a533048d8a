import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cleanAlternates,
  findRepeatedAlternate,
  formatRepeatedAlternateMessage,
  CLIP_KIND_LABELS,
  MAX_QUESTIONS_PER_CHECKLIST,
  MAX_QUESTIONS_PER_TOPIC,
  MAX_TOPICS_PER_CHECKLIST,
  normalizeQuestionText,
  QUESTION_NOT_FOUND_MESSAGE,
  TOPIC_NOT_FOUND_MESSAGE,
  type ApplyScriptResponse,
  type ClipKind,
  type CurrentUser,
  type StoryfileClip,
  type StoryfileDetail,
  type StoryfileQuestion,
  type StoryfileTopic,
  type createStoryfileQuestionBodySchema,
  type createStoryfileTopicBodySchema,
  type moveStoryfileQuestionBodySchema,
  type updateStoryfileQuestionBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { questions, topics } from '../library/library.tables.ts';
import {
  storyfileClips,
  storyfileQuestions,
  storyfileStarters,
  storyfileTopics,
} from './storyfiles.tables.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  assertPermutation,
  clampIndex,
  type Executor,
  isUniqueViolation,
  rewritePositions,
  toIsoTimestampOrNull,
} from '../lists/index.ts';
import { applyScriptToStoryfile } from './apply-script.ts';
import {
  mergeIntoChecklist,
  TOO_MANY_QUESTIONS_MESSAGE,
  TOO_MANY_TOPIC_QUESTIONS_MESSAGE,
  TOO_MANY_TOPICS_MESSAGE,
} from './checklist-merge.ts';
import { getStoryfileDetail, lockLiveStoryfile, touchStoryfile } from './storyfiles.service.ts';

type CreateTopicBody = z.infer<typeof createStoryfileTopicBodySchema>;
type CreateQuestionBody = z.infer<typeof createStoryfileQuestionBodySchema>;
type UpdateQuestionBody = z.infer<typeof updateStoryfileQuestionBodySchema>;
type MoveQuestionBody = z.infer<typeof moveStoryfileQuestionBodySchema>;

export const STORYFILE_TOPIC_NOT_FOUND_MESSAGE = 'This storyfile has no such topic.';
export const STORYFILE_QUESTION_NOT_FOUND_MESSAGE = 'This storyfile has no such question.';

function formatTopicTakenMessage(name: string): string {
  return `This storyfile already has a topic named "${name}".`;
}

function formatQuestionTakenMessage(text: string): string {
  return `This storyfile already has the question "${text}".`;
}

function rethrowTaken(error: unknown, name: string, text: string): never {
  if (isUniqueViolation(error, 'storyfile_topics_storyfile_name_key')) {
    throw conflict(formatTopicTakenMessage(name));
  }
  if (
    isUniqueViolation(error, 'storyfile_questions_storyfile_text_key') ||
    isUniqueViolation(error, 'storyfile_questions_storyfile_source_key')
  ) {
    throw conflict(formatQuestionTakenMessage(text));
  }
  throw error;
}

// Every write below runs in one transaction that starts by locking the storyfile row, so
// positions are computed and rewritten without racing other edits of the same checklist.

async function getTopicIds(tx: Executor, storyfileId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: storyfileTopics.id })
    .from(storyfileTopics)
    .where(eq(storyfileTopics.storyfileId, storyfileId))
    .orderBy(asc(storyfileTopics.position), asc(storyfileTopics.createdAt));
  return rows.map((row) => row.id);
}

async function getQuestionIds(tx: Executor, topicId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: storyfileQuestions.id })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.storyfileTopicId, topicId))
    .orderBy(asc(storyfileQuestions.position), asc(storyfileQuestions.createdAt));
  return rows.map((row) => row.id);
}

async function findTopic(tx: Executor, storyfileId: string, topicId: string) {
  const [topic] = await tx
    .select()
    .from(storyfileTopics)
    .where(and(eq(storyfileTopics.id, topicId), eq(storyfileTopics.storyfileId, storyfileId)));
  if (!topic) {
    throw notFound(STORYFILE_TOPIC_NOT_FOUND_MESSAGE);
  }
  return topic;
}

async function findQuestion(tx: Executor, storyfileId: string, questionId: string) {
  const [question] = await tx
    .select()
    .from(storyfileQuestions)
    .where(
      and(eq(storyfileQuestions.id, questionId), eq(storyfileQuestions.storyfileId, storyfileId)),
    );
  if (!question) {
    throw notFound(STORYFILE_QUESTION_NOT_FOUND_MESSAGE);
  }
  return question;
}

async function countQuestions(tx: Executor, storyfileId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.storyfileId, storyfileId));
  return row?.count ?? 0;
}

async function getTopic(
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

function presentQuestion(row: typeof storyfileQuestions.$inferSelect): StoryfileQuestion {
  return {
    id: row.id,
    topicId: row.storyfileTopicId,
    text: row.text,
    alternates: row.alternates,
    position: row.position,
    sourceQuestionId: row.sourceQuestionId,
    answerRecordedAt: toIsoTimestampOrNull(row.answerRecordedAt),
    queuedToRecordAt: toIsoTimestampOrNull(row.queuedToRecordAt),
  };
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
  return getTopic(db, storyfileId, topicId);
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
        .set({ name, updatedAt: sql`now()`, updatedBy: user.iam })
        .where(eq(storyfileTopics.id, topicId));
      await touchStoryfile(tx, storyfileId, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, name, ''));
  return getTopic(db, storyfileId, topicId);
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

export async function reorderStoryfileTopics(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  ids: readonly string[],
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    assertPermutation(await getTopicIds(tx, storyfileId), ids, 'topic of the storyfile');
    await rewritePositions(tx, 'storyfile_topics', ids);
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

/**
 * Adds a question to a topic at `index` (or the end): typed in, or copied from a live question of
 * the storyfile's namespace library (`sourceQuestionId`). The same question twice is a 409.
 */
/**
 * Alternates a person sent are kept as sent or refused: a repeat of the question or of another
 * alternate answers 400 with the sentence the web shows before saving (it was dropped silently).
 */
function assertNoRepeatedAlternate(text: string, alternates: readonly string[] | undefined): void {
  const repeated = alternates === undefined ? null : findRepeatedAlternate(text, alternates);
  if (repeated !== null) {
    throw badRequest(formatRepeatedAlternateMessage(repeated));
  }
}

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
  return presentQuestion(await findQuestion(db, storyfileId, questionId));
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
          updatedAt: sql`now()`,
          updatedBy: user.iam,
        })
        .where(eq(storyfileQuestions.id, questionId));
      await touchStoryfile(tx, storyfileId, user.iam);
    })
    .catch((error: unknown) => rethrowTaken(error, '', text));
  return presentQuestion(await findQuestion(db, storyfileId, questionId));
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
        .set({ storyfileTopicId: body.topicId, updatedAt: sql`now()`, updatedBy: user.iam })
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
    assertPermutation(await getQuestionIds(tx, topicId), ids, 'question of the topic');
    await rewritePositions(tx, 'storyfile_questions', ids);
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

export async function updateStoryfileClip(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  kind: ClipKind,
  prompt: string,
): Promise<StoryfileClip> {
  const row = await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    const [saved] = await tx
      .insert(storyfileClips)
      .values({ storyfileId, kind, prompt, updatedBy: user.iam })
      .onConflictDoUpdate({
        target: [storyfileClips.storyfileId, storyfileClips.kind],
        set: { prompt, updatedBy: user.iam, updatedAt: sql`now()` },
      })
      .returning();
    await touchStoryfile(tx, storyfileId, user.iam);
    return saved!;
  });
  return {
    kind,
    label: CLIP_KIND_LABELS[kind],
    prompt: row.prompt,
    recordedAt: toIsoTimestampOrNull(row.recordedAt),
  };
}

/** Replaces the starters with the given questions of this storyfile, in that order. */
export async function setStoryfileStarters(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  questionIds: readonly string[],
): Promise<StoryfileDetail> {
  if (new Set(questionIds).size !== questionIds.length) {
    throw badRequest('A question can be a conversation starter only once.');
  }
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    if (questionIds.length > 0) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(storyfileQuestions)
        .where(
          and(
            eq(storyfileQuestions.storyfileId, storyfileId),
            sql`${storyfileQuestions.id} = any(${sql.param([...questionIds])}::uuid[])`,
          ),
        );
      if ((row?.count ?? 0) !== questionIds.length) {
        throw badRequest('Conversation starters must be questions of this storyfile.');
      }
    }
    await tx.delete(storyfileStarters).where(eq(storyfileStarters.storyfileId, storyfileId));
    if (questionIds.length > 0) {
      await tx.insert(storyfileStarters).values(
        questionIds.map((storyfileQuestionId, position) => ({
          storyfileId,
          storyfileQuestionId,
          position,
        })),
      );
    }
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

// Deleting questions cascades to their starter rows; the rest close ranks.
async function compactStarters(tx: Executor, storyfileId: string): Promise<void> {
  await tx.execute(sql`update storyfile_starters as starter set position = ranked.rank - 1
    from (select storyfile_question_id, row_number() over (order by position) as rank
          from storyfile_starters where storyfile_id = ${storyfileId}) as ranked
    where starter.storyfile_id = ${storyfileId}
      and starter.storyfile_question_id = ranked.storyfile_question_id
      and starter.position <> ranked.rank - 1`);
}

export async function applyScript(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  scriptId: string,
): Promise<ApplyScriptResponse> {
  const result = await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    return applyScriptToStoryfile(tx, user, storyfileId, scriptId);
  });
  return { ...result, storyfile: await getStoryfileDetail(db, storyfileId) };
}

/** What a video records: the answer to one checklist question, or one clip of the storyfile. */
export interface RecordingTarget {
  storyfileId: string;
  questionId: string | null;
  clipKind: ClipKind | null;
}

/**
 * Records when the target got its current video (null: it has none any more), in the caller's
 * transaction, so the checklist's recorded marks change together with the video they describe.
 */
export async function setVideoRecordedAt(
  tx: Executor,
  target: RecordingTarget,
  recordedAt: Date | null,
): Promise<void> {
  if (target.questionId) {
    await tx
      .update(storyfileQuestions)
      .set({ answerRecordedAt: recordedAt })
      .where(eq(storyfileQuestions.id, target.questionId));
  } else if (target.clipKind) {
    await tx
      .update(storyfileClips)
      .set({ recordedAt })
      .where(
        and(
          eq(storyfileClips.storyfileId, target.storyfileId),
          eq(storyfileClips.kind, target.clipKind),
        ),
      );
  }
}
