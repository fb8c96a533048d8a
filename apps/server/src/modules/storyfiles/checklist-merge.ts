import { asc, eq, sql } from 'drizzle-orm';
import {
  cleanAlternates,
  MAX_QUESTIONS_PER_CHECKLIST,
  MAX_QUESTIONS_PER_TOPIC,
  MAX_TOPICS_PER_CHECKLIST,
  normalizeQuestionText,
} from '@conversa/contracts';
import { storyfileQuestions, storyfileTopics } from './storyfiles.tables.ts';
import { conflict } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';

/** A topic's worth of questions to merge into a storyfile checklist. */
export interface MergeGroup {
  /** An existing topic of the storyfile; otherwise the topic is found by name or created. */
  topicId?: string;
  name: string;
  sourceTopicId: string | null;
  questions: { text: string; alternates: readonly string[]; sourceQuestionId: string | null }[];
}

export interface MergeResult {
  addedTopics: number;
  addedQuestions: number;
  skippedQuestions: number;
}

export const TOO_MANY_TOPICS_MESSAGE = `A storyfile can have at most ${MAX_TOPICS_PER_CHECKLIST} topics.`;
export const TOO_MANY_QUESTIONS_MESSAGE = `A storyfile can have at most ${MAX_QUESTIONS_PER_CHECKLIST} questions.`;
export const TOO_MANY_TOPIC_QUESTIONS_MESSAGE = `A topic can have at most ${MAX_QUESTIONS_PER_TOPIC} questions.`;

interface TopicSlot {
  id: string;
  questionCount: number;
  nextPosition: number;
}

/**
 * Merges questions into a storyfile's checklist without duplicating any it already has: a
 * question is skipped when the storyfile holds the same library question (source id) or the same
 * normalised text, as a question or as an alternate phrasing. Topics are matched by name
 * (case-insensitive); new ones go to the end. The caller holds the storyfile's row lock, so the
 * positions computed here cannot race.
 */
export async function mergeIntoChecklist(
  tx: Executor,
  input: { storyfileId: string; userId: string; groups: readonly MergeGroup[] },
): Promise<MergeResult> {
  const { storyfileId, userId } = input;
  const [topicRows, questionRows] = await Promise.all([
    tx
      .select({
        id: storyfileTopics.id,
        name: storyfileTopics.name,
        position: storyfileTopics.position,
      })
      .from(storyfileTopics)
      .where(eq(storyfileTopics.storyfileId, storyfileId))
      .orderBy(asc(storyfileTopics.position)),
    tx
      .select({
        topicId: storyfileQuestions.storyfileTopicId,
        textKey: storyfileQuestions.textKey,
        alternates: storyfileQuestions.alternates,
        sourceQuestionId: storyfileQuestions.sourceQuestionId,
        position: storyfileQuestions.position,
      })
      .from(storyfileQuestions)
      .where(eq(storyfileQuestions.storyfileId, storyfileId)),
  ]);

  const knownKeys = new Set<string>();
  const knownSources = new Set<string>();
  const slotsById = new Map<string, TopicSlot>();
  const slotsByName = new Map<string, TopicSlot>();
  for (const topic of topicRows) {
    const slot = { id: topic.id, questionCount: 0, nextPosition: 0 };
    slotsById.set(topic.id, slot);
    slotsByName.set(topic.name.toLowerCase(), slot);
  }
  for (const question of questionRows) {
    knownKeys.add(question.textKey);
    for (const alternate of question.alternates) {
      knownKeys.add(normalizeQuestionText(alternate));
    }
    if (question.sourceQuestionId !== null) {
      knownSources.add(question.sourceQuestionId);
    }
    const slot = slotsById.get(question.topicId);
    if (slot) {
      slot.questionCount += 1;
      slot.nextPosition = Math.max(slot.nextPosition, question.position + 1);
    }
  }

  let topicCount = topicRows.length;
  let nextTopicPosition = topicRows.reduce((max, topic) => Math.max(max, topic.position + 1), 0);
  let questionCount = questionRows.length;
  const result: MergeResult = { addedTopics: 0, addedQuestions: 0, skippedQuestions: 0 };
  const rows: (typeof storyfileQuestions.$inferInsert)[] = [];

  for (const group of input.groups) {
    const fresh = group.questions.filter((question) => {
      const key = normalizeQuestionText(question.text);
      const isKnown =
        knownKeys.has(key) ||
        (question.sourceQuestionId !== null && knownSources.has(question.sourceQuestionId));
      if (isKnown) {
        result.skippedQuestions += 1;
        return false;
      }
      // Later questions of the same merge are checked against this one too.
      knownKeys.add(key);
      for (const alternate of question.alternates) {
        knownKeys.add(normalizeQuestionText(alternate));
      }
      if (question.sourceQuestionId !== null) {
        knownSources.add(question.sourceQuestionId);
      }
      return true;
    });

    let slot =
      group.topicId !== undefined
        ? slotsById.get(group.topicId)
        : slotsByName.get(group.name.toLowerCase());
    if (!slot) {
      // A new topic only makes sense with questions to put in it (or when it is empty by design).
      if (fresh.length === 0 && group.questions.length > 0) {
        continue;
      }
      if (topicCount >= MAX_TOPICS_PER_CHECKLIST) {
        throw conflict(TOO_MANY_TOPICS_MESSAGE);
      }
      const [created] = await tx
        .insert(storyfileTopics)
        .values({
          storyfileId,
          name: group.name,
          position: nextTopicPosition,
          sourceTopicId: group.sourceTopicId,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning({ id: storyfileTopics.id });
      slot = { id: created!.id, questionCount: 0, nextPosition: 0 };
      slotsById.set(slot.id, slot);
      slotsByName.set(group.name.toLowerCase(), slot);
      topicCount += 1;
      nextTopicPosition += 1;
      result.addedTopics += 1;
    }

    if (slot.questionCount + fresh.length > MAX_QUESTIONS_PER_TOPIC) {
      throw conflict(TOO_MANY_TOPIC_QUESTIONS_MESSAGE);
    }
    if (questionCount + fresh.length > MAX_QUESTIONS_PER_CHECKLIST) {
      throw conflict(TOO_MANY_QUESTIONS_MESSAGE);
    }
    for (const question of fresh) {
      rows.push({
        storyfileId,
        storyfileTopicId: slot.id,
        text: question.text.trim(),
        textKey: normalizeQuestionText(question.text),
        alternates: cleanAlternates(question.text, question.alternates),
        position: slot.nextPosition,
        sourceQuestionId: question.sourceQuestionId,
        createdBy: userId,
        updatedBy: userId,
      });
      slot.nextPosition += 1;
      slot.questionCount += 1;
    }
    questionCount += fresh.length;
    result.addedQuestions += fresh.length;
  }

  // One statement per 500 rows keeps the parameter count far below PostgreSQL's limit.
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(storyfileQuestions).values(rows.slice(start, start + 500));
  }
  if (result.addedTopics > 0 || result.addedQuestions > 0) {
    await tx.execute(
      sql`update storyfiles set updated_at = now(), updated_by = ${userId} where id = ${storyfileId}`,
    );
  }
  return result;
}
