import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLIP_KIND_LABELS,
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  STORYFILE_NOT_FOUND_MESSAGE,
  type StoryfileDetail,
  type StoryfileQuestion,
  type StoryfileSummary,
} from '@conversa/contracts';
import { notFound } from '../../http/errors.ts';
import { toIsoTimestampOrNull, type Executor } from '../lists/index.ts';
import {
  buildStoryfileSummariesQuery,
  presentStoryfileSummary,
  type StoryfileSummaryRow,
} from './storyfiles.queries.ts';
import {
  storyfileClips,
  storyfileQuestions,
  storyfiles,
  storyfileStarters,
  storyfileTopics,
} from './storyfiles.tables.ts';

/**
 * The namespace that contains a storyfile (null for an unknown id): the one indexed lookup behind
 * every storyfile permission check, deleted storyfiles included so owners can restore them.
 */
export async function findStoryfileNamespaceId(
  db: Executor,
  storyfileId: string,
): Promise<string | null> {
  if (!z.uuid().safeParse(storyfileId).success) {
    return null;
  }
  const [row] = await db
    .select({ namespaceId: storyfiles.namespaceId })
    .from(storyfiles)
    .where(eq(storyfiles.id, storyfileId));
  return row?.namespaceId ?? null;
}

export function presentStoryfileQuestion(
  row: typeof storyfileQuestions.$inferSelect,
): StoryfileQuestion {
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

export async function getStoryfileSummary(
  db: Executor,
  storyfileId: string,
): Promise<StoryfileSummary> {
  const result = await db.execute<StoryfileSummaryRow>(buildStoryfileSummariesQuery([storyfileId]));
  const row = result.rows[0];
  if (!row) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  return presentStoryfileSummary(row);
}

/** The storyfile with its whole checklist: topics, their questions, clips and starters, in order. */
export async function getStoryfileDetail(
  db: Executor,
  storyfileId: string,
): Promise<StoryfileDetail> {
  const [summary, topicRows, questionRows, clipRows, starterRows] = await Promise.all([
    getStoryfileSummary(db, storyfileId),
    db
      .select()
      .from(storyfileTopics)
      .where(eq(storyfileTopics.storyfileId, storyfileId))
      .orderBy(asc(storyfileTopics.position), asc(storyfileTopics.createdAt)),
    db
      .select()
      .from(storyfileQuestions)
      .where(eq(storyfileQuestions.storyfileId, storyfileId))
      .orderBy(asc(storyfileQuestions.position), asc(storyfileQuestions.createdAt)),
    db.select().from(storyfileClips).where(eq(storyfileClips.storyfileId, storyfileId)),
    db
      .select({
        questionId: storyfileStarters.storyfileQuestionId,
        topicId: storyfileQuestions.storyfileTopicId,
        text: storyfileQuestions.text,
        position: storyfileStarters.position,
      })
      .from(storyfileStarters)
      .innerJoin(
        storyfileQuestions,
        and(
          eq(storyfileQuestions.id, storyfileStarters.storyfileQuestionId),
          eq(storyfileQuestions.storyfileId, storyfileStarters.storyfileId),
        ),
      )
      .where(eq(storyfileStarters.storyfileId, storyfileId))
      .orderBy(asc(storyfileStarters.position)),
  ]);
  const questionsByTopic = new Map<string, StoryfileDetail['topics'][number]['questions']>();
  for (const question of questionRows) {
    const list = questionsByTopic.get(question.storyfileTopicId) ?? [];
    list.push(presentStoryfileQuestion(question));
    questionsByTopic.set(question.storyfileTopicId, list);
  }
  const clipsByKind = new Map(clipRows.map((clip) => [clip.kind, clip]));
  return {
    ...summary,
    topics: topicRows.map((topic) => ({
      id: topic.id,
      name: topic.name,
      position: topic.position,
      sourceTopicId: topic.sourceTopicId,
      questions: questionsByTopic.get(topic.id) ?? [],
    })),
    clips: CLIP_KINDS.map((kind) => {
      const clip = clipsByKind.get(kind);
      return {
        kind,
        label: CLIP_KIND_LABELS[kind],
        prompt: clip?.prompt ?? DEFAULT_CLIP_PROMPTS[kind],
        recordedAt: toIsoTimestampOrNull(clip?.recordedAt ?? null),
      };
    }),
    starters: starterRows,
  };
}
