import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cleanAlternates,
  MAX_ALTERNATES_PER_QUESTION,
  normalizeQuestionText,
  RECORD_QUEUE_TOPIC_NAME,
  REVIEW_QUESTION_NOT_FOUND_MESSAGE,
  type AppliedReview,
  type CurrentUser,
  type ReviewChange,
  type ReviewState,
} from '@conversa/contracts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';
import { trainingActions, trainingIgnores } from './training.tables.ts';
import { badRequest } from '../../http/errors.ts';
import { getStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { loadEntries, lockStoryfile, type ReviewEntry } from './review-entries.ts';
import { readActions } from './review-history.service.ts';
import { buildPreview, getQueuedText } from './review-preview.service.ts';

async function setEntriesState(
  tx: Executor,
  storyfileId: string,
  entryIds: readonly string[],
  state: ReviewState,
  actionId: string,
): Promise<void> {
  await tx
    .update(chatLogEntries)
    .set({ reviewState: state, reviewActionId: actionId })
    .where(
      and(eq(chatLogEntries.storyfileId, storyfileId), inArray(chatLogEntries.id, [...entryIds])),
    );
}

/** Creates (or reuses) the record-queue question; returns its id and whether it was created. */
async function queueQuestion(
  tx: Executor,
  user: CurrentUser,
  storyfileId: string,
  text: string,
  entries: readonly ReviewEntry[],
): Promise<{ questionId: string; isCreated: boolean }> {
  const textKey = normalizeQuestionText(text);
  const [existing] = await tx
    .select({ id: storyfileQuestions.id })
    .from(storyfileQuestions)
    .where(
      and(eq(storyfileQuestions.storyfileId, storyfileId), eq(storyfileQuestions.textKey, textKey)),
    );
  if (existing) {
    await tx
      .update(storyfileQuestions)
      .set({ queuedToRecordAt: sql`coalesce(${storyfileQuestions.queuedToRecordAt}, now())` })
      .where(eq(storyfileQuestions.id, existing.id));
    return { questionId: existing.id, isCreated: false };
  }
  let [topic] = await tx
    .select({ id: storyfileTopics.id })
    .from(storyfileTopics)
    .where(
      and(
        eq(storyfileTopics.storyfileId, storyfileId),
        sql`lower(${storyfileTopics.name}) = lower(${RECORD_QUEUE_TOPIC_NAME})`,
      ),
    );
  if (!topic) {
    [topic] = await tx
      .insert(storyfileTopics)
      .values({
        storyfileId,
        name: RECORD_QUEUE_TOPIC_NAME,
        position: sql`(select coalesce(max(position) + 1, 0) from storyfile_topics where storyfile_id = ${storyfileId})`,
        createdBy: user.iam,
        updatedBy: user.iam,
      })
      .returning({ id: storyfileTopics.id });
  }
  const alternates = cleanAlternates(
    text,
    entries.map((entry) => entry.questionText),
  ).slice(0, MAX_ALTERNATES_PER_QUESTION);
  const [created] = await tx
    .insert(storyfileQuestions)
    .values({
      storyfileId,
      storyfileTopicId: topic!.id,
      text,
      textKey,
      alternates,
      position: sql`(select coalesce(max(position) + 1, 0) from storyfile_questions where storyfile_topic_id = ${topic!.id})`,
      queuedToRecordAt: sql`now()`,
      createdBy: user.iam,
      updatedBy: user.iam,
    })
    .returning({ id: storyfileQuestions.id });
  return { questionId: created!.id, isCreated: true };
}

/**
 * Applies a change in one transaction: the script edits (alternates, the queued question), the
 * reviewed exchanges' states, the open exchanges the new matcher now answers as decided, and the
 * action row kept for undo and provenance. The storyfile's matcher is refreshed before answering.
 */
export async function applyReviewChange(
  engine: ConversationEngine,
  user: CurrentUser,
  storyfileId: string,
  change: ReviewChange,
): Promise<AppliedReview> {
  const { db } = engine;
  const entries = await loadEntries(db, storyfileId, change.entryIds);
  const { preview, movedToTarget, plan } = await buildPreview(engine, storyfileId, change, entries);
  const entryIds = entries.map((entry) => entry.id);
  const actionId = await db.transaction(async (tx) => {
    await lockStoryfile(tx, storyfileId);
    const [action] = await tx
      .insert(trainingActions)
      .values({ storyfileId, kind: change.kind, entryIds, createdBy: user.iam })
      .returning({ id: trainingActions.id });
    const id = action!.id;
    if (change.kind === 'correct' && plan) {
      const [target] = await tx
        .select({ alternates: storyfileQuestions.alternates, text: storyfileQuestions.text })
        .from(storyfileQuestions)
        .where(eq(storyfileQuestions.id, plan.target.questionId))
        .for('update');
      if (!target) {
        throw badRequest(REVIEW_QUESTION_NOT_FOUND_MESSAGE);
      }
      const alternates = cleanAlternates(target.text, [...target.alternates, ...plan.added]);
      await tx
        .update(storyfileQuestions)
        .set({ alternates, updatedAt: sql`now()`, updatedBy: user.iam })
        .where(eq(storyfileQuestions.id, plan.target.questionId));
      if (plan.removed.length > 0) {
        // One statement for every competing answer that loses a duplicate phrasing.
        await tx.execute(sql`
          update storyfile_questions q
          set alternates = array(select a from unnest(q.alternates) a where a <> all(r.texts)),
            updated_at = now(), updated_by = ${user.iam}
          from (select question_id, array_agg(text) as texts
                from unnest(${uuidArray(plan.removed.map((item) => item.questionId))},
                  ${sql.param(plan.removed.map((item) => item.text))}::text[])
                  as t(question_id, text)
                group by question_id) r
          where q.id = r.question_id and q.storyfile_id = ${storyfileId}`);
      }
      await setEntriesState(tx, storyfileId, entryIds, 'resolved', id);
      const autoClosed =
        movedToTarget.length === 0
          ? []
          : (
              await tx.execute<{ id: string }>(sql`
              update chat_log_entries set review_state = 'resolved', review_action_id = ${id}
              where storyfile_id = ${storyfileId} and review_state = 'new'
                and normalized_text = any(${sql.param(movedToTarget)}::text[])
                and not (id = any(${uuidArray(entryIds)}))
              returning id`)
            ).rows.map((row) => row.id);
      await tx
        .update(trainingActions)
        .set({
          questionId: plan.target.questionId,
          questionText: plan.target.text,
          addedAlternates: alternates.filter((text) => !target.alternates.includes(text)),
          removedAlternates: plan.removed,
          autoClosedEntryIds: autoClosed,
        })
        .where(eq(trainingActions.id, id));
    } else if (change.kind === 'record') {
      const text = getQueuedText(change, entries);
      const queued = await queueQuestion(tx, user, storyfileId, text, entries);
      await setEntriesState(tx, storyfileId, entryIds, 'queued', id);
      await tx
        .update(trainingActions)
        .set({
          questionId: queued.questionId,
          questionText: text,
          isQuestionCreated: queued.isCreated,
        })
        .where(eq(trainingActions.id, id));
    } else if (change.kind === 'out-of-scope') {
      await setEntriesState(tx, storyfileId, entryIds, 'resolved', id);
    } else {
      const keys = [...new Set(entries.map((entry) => entry.normalizedText))];
      const inserted = await tx
        .insert(trainingIgnores)
        .values(keys.map((normalizedText) => ({ storyfileId, normalizedText, actionId: id })))
        .onConflictDoNothing()
        .returning({ normalizedText: trainingIgnores.normalizedText });
      // Every exchange with an ignored text, not only the chosen ones: the same question stays ignored.
      await tx.execute(sql`
        update chat_log_entries set review_state = 'ignored', review_action_id = ${id}
        where storyfile_id = ${storyfileId}
          and (id = any(${uuidArray(entryIds)})
               or (review_state = 'new' and normalized_text = any(${sql.param(keys)}::text[])))`);
      await tx
        .update(trainingActions)
        .set({ normalizedTexts: inserted.map((row) => row.normalizedText) })
        .where(eq(trainingActions.id, id));
    }
    return id;
  });
  // The script changed: refresh the storyfile's matcher now, not at the next visitor's question.
  await getStoryfileMatcher(engine, storyfileId);
  const [action] = await readActions(db, storyfileId, actionId);
  return { action: action!, preview };
}
