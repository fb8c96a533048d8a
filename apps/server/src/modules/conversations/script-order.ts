import { asc, eq } from 'drizzle-orm';
import { MAX_SUGGESTIONS } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';

/**
 * The storyfile's questions in the script's order (topics by position, then their questions by
 * position), recorded or not: the caller keeps the recorded ones (issue 67: visitors learn nothing
 * of the script beyond what is recorded).
 */
export async function loadScriptOrder(
  db: Database,
  storyfileId: string,
): Promise<{ questionId: string; topicId: string }[]> {
  return db
    .select({ questionId: storyfileQuestions.id, topicId: storyfileTopics.id })
    .from(storyfileQuestions)
    .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
    .where(eq(storyfileQuestions.storyfileId, storyfileId))
    .orderBy(asc(storyfileTopics.position), asc(storyfileQuestions.position));
}

/**
 * The first question of each topic, in the order given, at most `limit`: what a storyfile without
 * conversation starters offers in their place (issue 68 item 4), so a player never promises ideas
 * or "choose one below" with nothing to press.
 */
export function pickOnePerTopic<T extends { topicId: string }>(
  questions: readonly T[],
  limit = MAX_SUGGESTIONS,
): T[] {
  const picked = new Map<string, T>();
  for (const question of questions) {
    if (picked.size >= limit) {
      break;
    }
    if (!picked.has(question.topicId)) {
      picked.set(question.topicId, question);
    }
  }
  return [...picked.values()];
}
