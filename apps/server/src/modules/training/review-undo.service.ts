import { and, eq, sql } from 'drizzle-orm';
import {
  REVIEW_ACTION_ALREADY_UNDONE_MESSAGE,
  REVIEW_ACTION_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type ReviewAction,
} from '@conversa/contracts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { trainingActions, trainingIgnores } from './training.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  getStoryfileMatcher,
  reopenExchangesOfAction,
  storyfileLearnedLabels,
  type ConversationEngine,
} from '../conversations/index.ts';
import {
  lockQuestionAlternates,
  removeEmptyRecordQueueTopic,
  restoreAlternate,
  setQuestionAlternates,
  unqueueQuestion,
} from '../storyfiles/index.ts';
import { lockStoryfile } from './review-entries.ts';
import { readActions } from './review-history.service.ts';

/** Undoes a change: the script edits it made, the exchanges it closed, the texts it ignored. */
export async function undoReviewAction(
  engine: ConversationEngine,
  user: CurrentUser,
  storyfileId: string,
  actionId: string,
): Promise<ReviewAction> {
  const { db } = engine;
  await db.transaction(async (tx) => {
    await lockStoryfile(tx, storyfileId);
    const [action] = await tx
      .select()
      .from(trainingActions)
      .where(and(eq(trainingActions.id, actionId), eq(trainingActions.storyfileId, storyfileId)))
      .for('update');
    if (!action) {
      throw notFound(REVIEW_ACTION_NOT_FOUND_MESSAGE);
    }
    if (action.undoneAt) {
      throw conflict(REVIEW_ACTION_ALREADY_UNDONE_MESSAGE);
    }
    if (action.kind === 'correct' && action.questionId) {
      await tx.delete(storyfileLearnedLabels).where(eq(storyfileLearnedLabels.actionId, actionId));
      const target = await lockQuestionAlternates(tx, action.questionId);
      if (target) {
        await setQuestionAlternates(tx, {
          questionId: action.questionId,
          alternates: target.alternates.filter((text) => !action.addedAlternates.includes(text)),
          userIam: user.iam,
        });
      }
    }
    for (const { questionId, text } of action.removedAlternates) {
      await restoreAlternate(tx, { questionId, text, userIam: user.iam });
    }
    if (action.kind === 'record' && action.questionId) {
      // Created by this action and still without an answer video: it goes; recorded, it stays.
      await unqueueQuestion(tx, {
        questionId: action.questionId,
        deleteIf: action.isQuestionCreated
          ? sql`not exists (select 1 from ${mediaAssets} m where m.storyfile_question_id = ${storyfileQuestions.id})`
          : undefined,
      });
      // The "From visitors" topic this action created goes too, when that left it empty.
      await removeEmptyRecordQueueTopic(tx, { storyfileId, createdAt: action.createdAt });
    }
    if (action.kind === 'ignore') {
      await tx.delete(trainingIgnores).where(eq(trainingIgnores.actionId, actionId));
    }
    // Asked again after an ignore, an exchange was logged as ignored with no action: reopened too.
    await reopenExchangesOfAction(tx, {
      storyfileId,
      actionId,
      ignoredTexts: action.kind === 'ignore' ? action.normalizedTexts : [],
    });
    await tx
      .update(trainingActions)
      .set({ undoneAt: sql`now()`, undoneBy: user.iam })
      .where(eq(trainingActions.id, actionId));
  });
  await getStoryfileMatcher(engine, storyfileId);
  const [action] = await readActions(db, storyfileId, actionId);
  return action!;
}
