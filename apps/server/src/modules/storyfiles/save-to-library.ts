import { asc, eq } from 'drizzle-orm';
import {
  NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE,
  type CurrentUser,
  type SaveStoryfileTopicsToLibraryResponse,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { addTopicsToLibrary } from '../library/index.ts';
import { storyfileQuestions, storyfileTopics } from './storyfiles.tables.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../lists/index.ts';
import { lockLiveStoryfile } from './storyfile-lock.ts';

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
      return addTopicsToLibrary(tx, {
        namespaceId: storyfile.namespaceId,
        userIam: user.iam,
        topics: topicRows.map((topic) => ({
          name: topic.name,
          questions: questionRows.filter((row) => row.topicId === topic.id),
        })),
      });
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
