import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ExchangeFeedback, ReviewState } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';
import { storyfileLearnedLabels } from './learned-labels.tables.ts';

// The writes training's review makes to logged exchanges (chat_log_entries): their review state and
// the action that set it. Each takes the caller's transaction, so a review change and the states of
// the exchanges it closes commit together.

type Writer = Pick<Database, 'update' | 'execute'>;

/** Sets the review state of chosen exchanges of a storyfile, recording the action that did it. */
export async function setExchangesReviewState(
  tx: Writer,
  input: { storyfileId: string; entryIds: readonly string[]; state: ReviewState; actionId: string },
): Promise<void> {
  await tx
    .update(chatLogEntries)
    .set({ reviewState: input.state, reviewActionId: input.actionId })
    .where(
      and(
        eq(chatLogEntries.storyfileId, input.storyfileId),
        inArray(chatLogEntries.id, [...input.entryIds]),
      ),
    );
}

/**
 * Resolves the open exchanges (other than `exceptIds`) whose normalized text is one of `texts`:
 * a correction made the matcher answer them as decided. Answers their ids.
 */
export async function resolveOpenExchangesByText(
  tx: Writer,
  input: {
    storyfileId: string;
    texts: readonly string[];
    exceptIds: readonly string[];
    actionId: string;
  },
): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    update ${chatLogEntries} set review_state = 'resolved', review_action_id = ${input.actionId}
    where storyfile_id = ${input.storyfileId} and review_state = 'new'
      and normalized_text = any(${sql.param([...input.texts])}::text[])
      and not (id = any(${sql.param([...input.exceptIds])}::uuid[]))
    returning id`);
  return result.rows.map((row) => row.id);
}

/** Ignores the chosen exchanges and every open one with an ignored text (the question stays ignored). */
export async function ignoreExchanges(
  tx: Writer,
  input: {
    storyfileId: string;
    entryIds: readonly string[];
    texts: readonly string[];
    actionId: string;
  },
): Promise<void> {
  await tx.execute(sql`
    update ${chatLogEntries} set review_state = 'ignored', review_action_id = ${input.actionId}
    where storyfile_id = ${input.storyfileId}
      and (id = any(${sql.param([...input.entryIds])}::uuid[])
           or (review_state = 'new' and normalized_text = any(${sql.param([...input.texts])}::text[])))`);
}

/**
 * Reopens what an undone action closed: the exchanges it set, and those logged as ignored with no
 * action (asked again after the ignore) whose text it ignored.
 */
export async function reopenExchangesOfAction(
  tx: Writer,
  input: { storyfileId: string; actionId: string; ignoredTexts: readonly string[] },
): Promise<void> {
  if (input.ignoredTexts.length > 0) {
    await tx.execute(sql`
      update ${chatLogEntries} set review_state = 'new', review_action_id = null
      where storyfile_id = ${input.storyfileId} and review_state = 'ignored' and review_action_id is null
        and normalized_text = any(${sql.param([...input.ignoredTexts])}::text[])`);
  }
  await tx
    .update(chatLogEntries)
    .set({ reviewState: 'new', reviewActionId: null })
    .where(
      and(
        eq(chatLogEntries.storyfileId, input.storyfileId),
        eq(chatLogEntries.reviewActionId, input.actionId),
      ),
    );
}

/**
 * A visitor's rating of one of their own exchanges, once: undefined when no such exchange of theirs
 * exists, `rated: false` when it already carries a rating.
 */
export async function recordExchangeFeedback(
  db: Pick<Database, 'execute'>,
  input: {
    exchangeId: string;
    visitorKey: string;
    /** A visitor's network (`clientNetwork`), by which learning counts them; null: an account. */
    clientKey: string | null;
    storyfileId?: string;
    feedback: ExchangeFeedback;
  },
): Promise<{ id: string; rated: boolean } | undefined> {
  const result = await db.execute<{ id: string; rated: boolean }>(
    sql`with target as (
        select e.id, e.feedback from ${chatLogEntries} e
        join ${conversations} c on c.id = e.conversation_id
        where e.id = ${input.exchangeId} and c.visitor_key = ${input.visitorKey}
        ${input.storyfileId ? sql`and e.storyfile_id = ${input.storyfileId}` : sql``}
      ), rated as (
        update ${chatLogEntries} set feedback = ${input.feedback}, feedback_at = now()
        where id in (select id from target where feedback is null)
        returning id
      ), labelled as (
        -- A thumbs-up labels the question with the answer it played (issue 50 item 2): not a
        -- pressed suggestion's exchange, whose words are the script's own.
        insert into ${storyfileLearnedLabels} (storyfile_id, question_id, question_text,
          normalized_text, source, visitor_key, client_key, exchange_id)
        select e.storyfile_id, e.answer_question_id, e.question_text, e.normalized_text, 'rating',
          ${input.visitorKey}, ${input.clientKey}, e.id
        from ${chatLogEntries} e
        where e.id in (select id from rated) and ${input.feedback} = 'up'
          and e.decision = 'answered' and e.answer_question_id is not null
          and e.chosen_from_exchange_id is null and e.normalized_text <> ''
        on conflict do nothing
      )
      select t.id, exists (select 1 from rated) as rated from target t`,
  );
  return result.rows[0];
}
