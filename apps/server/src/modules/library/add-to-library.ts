import { and, eq, isNull, sql } from 'drizzle-orm';
import { cleanAlternates, MAX_QUESTIONS_PER_TOPIC } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { questions, topics } from './library.tables.ts';
import { conflict } from '../../http/errors.ts';

/** 409 text when a library topic would pass its ceiling; nothing was saved. */
export function formatLibraryTopicFullMessage(name: string): string {
  return `The library topic "${name}" would have more than ${MAX_QUESTIONS_PER_TOPIC} questions, so nothing was saved. Move some of its questions to another topic first.`;
}

export interface TopicForLibrary {
  name: string;
  questions: { text: string; textKey: string; alternates: string[] }[];
}

export interface AddedToLibrary {
  addedTopics: number;
  addedQuestions: number;
  skippedQuestions: number;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Adds topics with their questions to a namespace's question library, in the caller's
 * transaction: a library topic of the same name (any case) receives the questions it does not
 * already have; other topics are created. A topic that would pass its ceiling refuses the whole
 * of it (409), so the caller's transaction rolls back. Concurrent adds of one namespace take turns
 * on the lock of its live topics; a unique violation means someone else created a topic meanwhile.
 */
export async function addTopicsToLibrary(
  tx: Transaction,
  input: { namespaceId: string; userIam: string; topics: readonly TopicForLibrary[] },
): Promise<AddedToLibrary> {
  const libraryTopics = await tx
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(and(eq(topics.namespaceId, input.namespaceId), isNull(topics.deletedAt)))
    .for('update');
  const byName = new Map(libraryTopics.map((topic) => [topic.name.toLowerCase(), topic]));
  const result: AddedToLibrary = { addedTopics: 0, addedQuestions: 0, skippedQuestions: 0 };

  for (const topic of input.topics) {
    let target = byName.get(topic.name.toLowerCase());
    if (!target) {
      const [created] = await tx
        .insert(topics)
        .values({
          namespaceId: input.namespaceId,
          name: topic.name,
          createdBy: input.userIam,
          updatedBy: input.userIam,
        })
        .returning({ id: topics.id, name: topics.name });
      target = created!;
      byName.set(topic.name.toLowerCase(), target);
      result.addedTopics += 1;
    }
    const held = await tx
      .select({ textKey: questions.textKey })
      .from(questions)
      .where(and(eq(questions.topicId, target.id), isNull(questions.deletedAt)));
    const heldKeys = new Set(held.map((row) => row.textKey));
    let position = held.length;
    let added = 0;
    for (const question of topic.questions) {
      if (heldKeys.has(question.textKey)) {
        result.skippedQuestions += 1;
        continue;
      }
      if (position >= MAX_QUESTIONS_PER_TOPIC) {
        throw conflict(formatLibraryTopicFullMessage(target.name));
      }
      await tx.insert(questions).values({
        namespaceId: input.namespaceId,
        topicId: target.id,
        text: question.text,
        textKey: question.textKey,
        alternates: cleanAlternates(question.text, question.alternates),
        position,
        createdBy: input.userIam,
        updatedBy: input.userIam,
      });
      heldKeys.add(question.textKey);
      position += 1;
      added += 1;
    }
    if (added > 0) {
      await tx
        .update(topics)
        .set({ updatedAt: sql`now()`, updatedBy: input.userIam })
        .where(eq(topics.id, target.id));
    }
    result.addedQuestions += added;
  }
  return result;
}
