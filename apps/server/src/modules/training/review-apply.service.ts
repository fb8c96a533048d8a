import { eq } from 'drizzle-orm';
import {
  cleanAlternates,
  MAX_ALTERNATES_PER_QUESTION,
  normalizeQuestionText,
  REVIEW_QUESTION_NOT_FOUND_MESSAGE,
  type AppliedReview,
  type CurrentUser,
  type ReviewChange,
} from '@conversa/contracts';
import { trainingActions, trainingIgnores } from './training.tables.ts';
import { badRequest } from '../../http/errors.ts';
import {
  getStoryfileMatcher,
  ignoreExchanges,
  recordExchangeLabel,
  resolveOpenExchangesByText,
  setExchangesReviewState,
  type ConversationEngine,
} from '../conversations/index.ts';
import {
  lockQuestionAlternates,
  queueQuestionToRecord,
  removeAlternates,
  setQuestionAlternates,
} from '../storyfiles/index.ts';
import type { Executor } from '../lists/index.ts';
import { loadEntries, lockStoryfile, type ReviewEntry } from './review-entries.ts';
import { readActions } from './review-history.service.ts';
import { buildPreview, getQueuedText } from './review-preview.service.ts';

/** Creates (or reuses) the record-queue question; returns its id and whether it was created. */
function queueQuestion(
  tx: Executor,
  user: CurrentUser,
  storyfileId: string,
  text: string,
  entries: readonly ReviewEntry[],
): Promise<{ questionId: string; isCreated: boolean }> {
  const alternates = cleanAlternates(
    text,
    entries.map((entry) => entry.questionText),
  ).slice(0, MAX_ALTERNATES_PER_QUESTION);
  return queueQuestionToRecord(tx, {
    storyfileId,
    text,
    textKey: normalizeQuestionText(text),
    alternates,
    userIam: user.iam,
  });
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
      const target = await lockQuestionAlternates(tx, plan.target.questionId);
      if (!target) {
        throw badRequest(REVIEW_QUESTION_NOT_FOUND_MESSAGE);
      }
      const alternates = cleanAlternates(target.text, [...target.alternates, ...plan.added]);
      await setQuestionAlternates(tx, {
        questionId: plan.target.questionId,
        alternates,
        userIam: user.iam,
      });
      if (plan.removed.length > 0) {
        // One statement for every competing answer that loses a duplicate phrasing.
        await removeAlternates(tx, { storyfileId, removed: plan.removed, userIam: user.iam });
      }
      await setExchangesReviewState(tx, { storyfileId, entryIds, actionId: id, state: 'resolved' });
      // Each corrected question is a label of the author's (issue 50 item 2); undo deletes it.
      for (const entryId of entryIds) {
        await recordExchangeLabel(tx, {
          exchangeId: entryId,
          questionId: plan.target.questionId,
          source: 'correction',
          visitorKey: `user:${user.iam}`,
          clientKey: null,
          actionId: id,
        });
      }
      const autoClosed =
        movedToTarget.length === 0
          ? []
          : await resolveOpenExchangesByText(tx, {
              storyfileId,
              texts: movedToTarget,
              exceptIds: entryIds,
              actionId: id,
            });
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
      await setExchangesReviewState(tx, { storyfileId, entryIds, actionId: id, state: 'queued' });
      await tx
        .update(trainingActions)
        .set({
          questionId: queued.questionId,
          questionText: text,
          isQuestionCreated: queued.isCreated,
        })
        .where(eq(trainingActions.id, id));
    } else if (change.kind === 'out-of-scope') {
      await setExchangesReviewState(tx, { storyfileId, entryIds, actionId: id, state: 'resolved' });
    } else {
      const keys = [...new Set(entries.map((entry) => entry.normalizedText))];
      const inserted = await tx
        .insert(trainingIgnores)
        .values(keys.map((normalizedText) => ({ storyfileId, normalizedText, actionId: id })))
        .onConflictDoNothing()
        .returning({ normalizedText: trainingIgnores.normalizedText });
      // Every exchange with an ignored text, not only the chosen ones: the same question stays ignored.
      await ignoreExchanges(tx, { storyfileId, entryIds, texts: keys, actionId: id });
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
