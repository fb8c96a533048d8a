import { and, asc, eq, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation, type Executor } from '../lists/index.ts';
import { storyfileQuestions, storyfileTopics } from './storyfiles.tables.ts';

// A checklist's topics and questions as its services find, count and order them. Every write
// runs in one transaction that starts with lockLiveStoryfile (storyfile-lock.ts).

export const STORYFILE_TOPIC_NOT_FOUND_MESSAGE = 'This storyfile has no such topic.';
export const STORYFILE_QUESTION_NOT_FOUND_MESSAGE = 'This storyfile has no such question.';

function formatTopicTakenMessage(name: string): string {
  return `This storyfile already has a topic named "${name}".`;
}

function formatQuestionTakenMessage(text: string): string {
  return `This storyfile already has the question "${text}".`;
}

export function rethrowTaken(error: unknown, name: string, text: string): never {
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

export async function getTopicIds(tx: Executor, storyfileId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: storyfileTopics.id })
    .from(storyfileTopics)
    .where(eq(storyfileTopics.storyfileId, storyfileId))
    .orderBy(asc(storyfileTopics.position), asc(storyfileTopics.createdAt));
  return rows.map((row) => row.id);
}

export async function getQuestionIds(tx: Executor, topicId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: storyfileQuestions.id })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.storyfileTopicId, topicId))
    .orderBy(asc(storyfileQuestions.position), asc(storyfileQuestions.createdAt));
  return rows.map((row) => row.id);
}

export async function findTopic(tx: Executor, storyfileId: string, topicId: string) {
  const [topic] = await tx
    .select()
    .from(storyfileTopics)
    .where(and(eq(storyfileTopics.id, topicId), eq(storyfileTopics.storyfileId, storyfileId)));
  if (!topic) {
    throw notFound(STORYFILE_TOPIC_NOT_FOUND_MESSAGE);
  }
  return topic;
}

export async function findQuestion(tx: Executor, storyfileId: string, questionId: string) {
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

export async function countQuestions(tx: Executor, storyfileId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.storyfileId, storyfileId));
  return row?.count ?? 0;
}
