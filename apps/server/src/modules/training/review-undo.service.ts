import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_ALTERNATES_PER_QUESTION,
  REVIEW_ACTION_ALREADY_UNDONE_MESSAGE,
  REVIEW_ACTION_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type ReviewAction,
} from '@conversa/contracts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { trainingActions, trainingIgnores } from './training.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { getStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
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
      const [target] = await tx
        .select({ alternates: storyfileQuestions.alternates })
        .from(storyfileQuestions)
        .where(eq(storyfileQuestions.id, action.questionId))
        .for('update');
      if (target) {
        await tx
          .update(storyfileQuestions)
          .set({
            alternates: target.alternates.filter((text) => !action.addedAlternates.includes(text)),
            updatedAt: sql`now()`,
            updatedBy: user.iam,
          })
          .where(eq(storyfileQuestions.id, action.questionId));
      }
    }
    for (const { questionId, text } of action.removedAlternates) {
      await tx
        .update(storyfileQuestions)
        .set({
          alternates: sql`array_append(${storyfileQuestions.alternates}, ${text})`,
          updatedAt: sql`now()`,
          updatedBy: user.iam,
        })
        .where(
          and(
            eq(storyfileQuestions.id, questionId),
            sql`not (${text} = any(${storyfileQuestions.alternates}))`,
            sql`cardinality(${storyfileQuestions.alternates}) < ${MAX_ALTERNATES_PER_QUESTION}`,
          ),
        );
    }
    if (action.kind === 'record' && action.questionId) {
      if (action.isQuestionCreated) {
        // Created by this action and still without an answer video: it goes; recorded, it stays.
        const [deleted] = await tx
          .delete(storyfileQuestions)
          .where(
            and(
              eq(storyfileQuestions.id, action.questionId),
              sql`${storyfileQuestions.answerRecordedAt} is null`,
              sql`not exists (select 1 from media_assets m where m.storyfile_question_id = ${storyfileQuestions.id})`,
            ),
          )
          .returning({
            topicId: storyfileQuestions.storyfileTopicId,
            position: storyfileQuestions.position,
          });
        if (deleted) {
          await tx.execute(sql`update storyfile_questions set position = position - 1
            where storyfile_topic_id = ${deleted.topicId} and position > ${deleted.position}`);
        }
      }
      await tx
        .update(storyfileQuestions)
        .set({ queuedToRecordAt: null })
        .where(eq(storyfileQuestions.id, action.questionId));
    }
    if (action.kind === 'ignore') {
      await tx.delete(trainingIgnores).where(eq(trainingIgnores.actionId, actionId));
      // Asked again after the ignore, an exchange was logged as ignored with no action: reopen it too.
      await tx.execute(sql`
        update chat_log_entries set review_state = 'new', review_action_id = null
        where storyfile_id = ${storyfileId} and review_state = 'ignored' and review_action_id is null
          and normalized_text = any(${sql.param(action.normalizedTexts)}::text[])`);
    }
    await tx
      .update(chatLogEntries)
      .set({ reviewState: 'new', reviewActionId: null })
      .where(
        and(
          eq(chatLogEntries.storyfileId, storyfileId),
          eq(chatLogEntries.reviewActionId, actionId),
        ),
      );
    await tx
      .update(trainingActions)
      .set({ undoneAt: sql`now()`, undoneBy: user.iam })
      .where(eq(trainingActions.id, actionId));
  });
  await getStoryfileMatcher(engine, storyfileId);
  const [action] = await readActions(db, storyfileId, actionId);
  return action!;
}
