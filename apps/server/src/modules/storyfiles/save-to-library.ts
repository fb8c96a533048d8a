import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  cleanAlternates,
  MAX_QUESTIONS_PER_TOPIC,
  NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE,
  type CurrentUser,
  type SaveStoryfileTopicsToLibraryResponse,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { questions, topics } from '../library/library.tables.ts';
import { storyfileQuestions, storyfileTopics } from './storyfiles.tables.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../lists/index.ts';
import { lockLiveStoryfile } from './storyfiles.service.ts';

/** 409 text when a library topic would pass its ceiling; nothing was saved. */
export function formatLibraryTopicFullMessage(name: string): string {
  return `The library topic "${name}" would have more than ${MAX_QUESTIONS_PER_TOPIC} questions, so nothing was saved. Move some of its questions to another topic first.`;
}

/** 409 text when someone else created a library topic of the same name meanwhile. */
export const LIBRARY_CHANGED_MESSAGE =
  'The library changed while the topics were being saved, so nothing was saved. Try again.';

/**
 * Copies a storyfile's script (its topics and questions, with their alternates) into its
 * namespace's question library. A library topic of the same name (any case) receives the
 * questions it does not already have; other topics are created. One transaction: the library gets
 * all of it or none. The library and a script are separate copies: nothing links them afterwards,
 * so later edits on either side stay on that side.
 */
export async function saveStoryfileTopicsToLibrary(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
): Promise<SaveStoryfileTopicsToLibraryResponse> {
  return db
    .transaction(async (tx) => {
      const storyfile = await lockLiveStoryfile(tx, storyfileId);
      const [topicRows, questionRows] = await Promise.all([
        tx
          .select({ id: storyfileTopics.id, name: storyfileTopics.name })
          .from(storyfileTopics)
          .where(eq(storyfileTopics.storyfileId, storyfileId))
          .orderBy(asc(storyfileTopics.position)),
        tx
          .select({
            topicId: storyfileQuestions.storyfileTopicId,
            text: storyfileQuestions.text,
            textKey: storyfileQuestions.textKey,
            alternates: storyfileQuestions.alternates,
          })
          .from(storyfileQuestions)
          .where(eq(storyfileQuestions.storyfileId, storyfileId))
          .orderBy(asc(storyfileQuestions.position)),
      ]);
      if (topicRows.length === 0) {
        throw badRequest(NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE);
      }
      // Live library topics of the namespace, locked so two saves of one namespace take turns.
      const libraryTopics = await tx
        .select({ id: topics.id, name: topics.name })
        .from(topics)
        .where(and(eq(topics.namespaceId, storyfile.namespaceId), isNull(topics.deletedAt)))
        .for('update');
      const byName = new Map(libraryTopics.map((topic) => [topic.name.toLowerCase(), topic]));
      const result = { addedTopics: 0, addedQuestions: 0, skippedQuestions: 0 };

      for (const topic of topicRows) {
        let target = byName.get(topic.name.toLowerCase());
        if (!target) {
          const [created] = await tx
            .insert(topics)
            .values({
              namespaceId: storyfile.namespaceId,
              name: topic.name,
              createdBy: user.iam,
              updatedBy: user.iam,
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
        for (const question of questionRows.filter((row) => row.topicId === topic.id)) {
          if (heldKeys.has(question.textKey)) {
            result.skippedQuestions += 1;
            continue;
          }
          if (position >= MAX_QUESTIONS_PER_TOPIC) {
            throw conflict(formatLibraryTopicFullMessage(target.name));
          }
          await tx.insert(questions).values({
            namespaceId: storyfile.namespaceId,
            topicId: target.id,
            text: question.text,
            textKey: question.textKey,
            alternates: cleanAlternates(question.text, question.alternates),
            position,
            createdBy: user.iam,
            updatedBy: user.iam,
          });
          heldKeys.add(question.textKey);
          position += 1;
          added += 1;
        }
        if (added > 0) {
          await tx
            .update(topics)
            .set({ updatedAt: sql`now()`, updatedBy: user.iam })
            .where(eq(topics.id, target.id));
        }
        result.addedQuestions += added;
      }
      return result;
    })
    .catch((error: unknown) => {
      if (
        isUniqueViolation(error, 'topics_namespace_name_key') ||
        isUniqueViolation(error, 'questions_topic_text_key')
      ) {
        throw conflict(LIBRARY_CHANGED_MESSAGE);
      }
      throw error;
    });
}
