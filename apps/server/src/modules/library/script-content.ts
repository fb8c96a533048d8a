import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  cleanAlternates,
  MAX_QUESTIONS_PER_CHECKLIST,
  normalizeQuestionText,
  type ScriptContent,
} from '@conversa/contracts';
import { questions, scriptQuestions, scriptTopics, topics } from './library.tables.ts';
import { badRequest } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';

// A script's content (its topics and questions, linked to the library or not): checked whole,
// then written in place of what the script held.

type ContentTopic = ScriptContent['topics'][number];

/** Duplicates inside one script would make applying it ambiguous; they are refused whole. */
export function assertDistinctContent(content: readonly ContentTopic[]): void {
  const topicNames = new Set<string>();
  const questionKeys = new Set<string>();
  let questionCount = 0;
  for (const topic of content) {
    if (topicNames.has(topic.name.toLowerCase())) {
      throw badRequest(`The topic "${topic.name}" appears twice in this script.`);
    }
    topicNames.add(topic.name.toLowerCase());
    for (const question of topic.questions) {
      const key = normalizeQuestionText(question.text);
      if (questionKeys.has(key)) {
        throw badRequest(`The question "${question.text}" appears twice in this script.`);
      }
      questionKeys.add(key);
      questionCount += 1;
    }
  }
  if (questionCount > MAX_QUESTIONS_PER_CHECKLIST) {
    throw badRequest(`A script can have at most ${MAX_QUESTIONS_PER_CHECKLIST} questions.`);
  }
}

/** Library links must point into the script's own namespace library. */
export async function assertSourcesInNamespace(
  tx: Executor,
  namespaceId: string | null,
  content: readonly ContentTopic[],
): Promise<void> {
  const topicIds = [...new Set(content.flatMap((topic) => topic.sourceTopicId ?? []))];
  const questionIds = [
    ...new Set(
      content.flatMap((topic) =>
        topic.questions.flatMap((question) => question.sourceQuestionId ?? []),
      ),
    ),
  ];
  if (topicIds.length + questionIds.length === 0) {
    return;
  }
  const message =
    "Library topics and questions of a script must come from its namespace's library.";
  if (namespaceId === null) {
    throw badRequest(message);
  }
  const [foundTopics, foundQuestions] = await Promise.all([
    topicIds.length === 0
      ? []
      : tx
          .select({ id: topics.id })
          .from(topics)
          .where(and(inArray(topics.id, topicIds), eq(topics.namespaceId, namespaceId))),
    questionIds.length === 0
      ? []
      : tx
          .select({ id: questions.id })
          .from(questions)
          .where(and(inArray(questions.id, questionIds), eq(questions.namespaceId, namespaceId))),
  ]);
  if (foundTopics.length !== topicIds.length || foundQuestions.length !== questionIds.length) {
    throw badRequest(message);
  }
}

/** Item ids a content save may keep: only those the script holds now. */
export async function assertKnownIds(
  tx: Executor,
  scriptId: string,
  content: readonly ContentTopic[],
): Promise<void> {
  const [topicRows, questionRows] = await Promise.all([
    tx
      .select({ id: scriptTopics.id })
      .from(scriptTopics)
      .where(eq(scriptTopics.scriptId, scriptId)),
    tx
      .select({ id: scriptQuestions.id })
      .from(scriptQuestions)
      .where(eq(scriptQuestions.scriptId, scriptId)),
  ]);
  const knownTopics = new Set(topicRows.map((row) => row.id));
  const knownQuestions = new Set(questionRows.map((row) => row.id));
  const seen = new Set<string>();
  for (const topic of content) {
    const ids = [
      ...(topic.id ? [{ id: topic.id, known: knownTopics }] : []),
      ...topic.questions.flatMap((question) =>
        question.id ? [{ id: question.id, known: knownQuestions }] : [],
      ),
    ];
    for (const { id, known } of ids) {
      if (!known.has(id) || seen.has(id)) {
        throw badRequest(`The item ${id} is not part of this script or is listed twice.`);
      }
      seen.add(id);
    }
  }
}

/**
 * Writes a script's whole content: the old rows go, the new ones come in the given order, and
 * items that carried an id keep it. Runs inside the caller's transaction.
 */
export async function writeScriptContent(
  tx: Executor,
  scriptId: string,
  content: readonly ContentTopic[],
): Promise<void> {
  await tx.delete(scriptTopics).where(eq(scriptTopics.scriptId, scriptId));
  if (content.length === 0) {
    return;
  }
  const topicRows = content.map((topic, position) => ({
    id: topic.id ?? randomUUID(),
    scriptId,
    name: topic.name,
    position,
    sourceTopicId: topic.sourceTopicId ?? null,
  }));
  await tx.insert(scriptTopics).values(topicRows);
  const questionRows = content.flatMap((topic, topicIndex) =>
    topic.questions.map((question, position) => ({
      ...(question.id ? { id: question.id } : {}),
      scriptId,
      scriptTopicId: topicRows[topicIndex]!.id,
      text: question.text.trim(),
      textKey: normalizeQuestionText(question.text),
      alternates: cleanAlternates(question.text, question.alternates),
      position,
      sourceQuestionId: question.sourceQuestionId ?? null,
    })),
  );
  for (let start = 0; start < questionRows.length; start += 500) {
    await tx.insert(scriptQuestions).values(questionRows.slice(start, start + 500));
  }
}
