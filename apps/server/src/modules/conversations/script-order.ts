import { and, asc, eq } from 'drizzle-orm';
import { MAX_SUGGESTIONS } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { isAnswerRecorded } from '../media/index.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';

/**
 * The storyfile's questions in the script's order (topics by position, then their questions by
 * position). With `isRecordedOnly`, only those whose answer is recorded; else the caller keeps the
 * recorded ones (issue 67: visitors learn nothing of the script beyond what is recorded).
 */
export async function loadScriptOrder(
  db: Database,
  storyfileId: string,
  { isRecordedOnly = false }: { isRecordedOnly?: boolean } = {},
): Promise<{ questionId: string; topicId: string; text: string }[]> {
  return db
    .select({
      questionId: storyfileQuestions.id,
      topicId: storyfileTopics.id,
      text: storyfileQuestions.text,
    })
    .from(storyfileQuestions)
    .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
    .where(
      and(
        eq(storyfileQuestions.storyfileId, storyfileId),
        isRecordedOnly ? isAnswerRecorded(storyfileQuestions.id) : undefined,
      ),
    )
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
