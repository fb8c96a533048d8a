import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { AskInput } from './ask.types.ts';
import { askersConversation } from './conversation-state.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';
import type { ConversationEngine } from './engine.ts';

export interface RecordedExchange {
  conversationId: string;
  exchangeId: string;
}

export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs in the transaction that logs the exchange (the learning module keeps progress there). */
export type OnRecorded = (tx: DatabaseTransaction, exchange: RecordedExchange) => Promise<void>;

type ChatLogEntryValues = Pick<
  typeof chatLogEntries.$inferInsert,
  | 'decision'
  | 'fallbackReason'
  | 'answerQuestionId'
  | 'answerQuestionText'
  | 'matchedQuestionId'
  | 'matchedQuestionText'
  | 'score'
  | 'confidence'
  | 'questionText'
  | 'normalizedText'
  | 'topCandidates'
  | 'topMargin'
  | 'inkTurn'
  | 'inkChoiceText'
  | 'clarification'
  | 'suggestions'
  | 'chosenFromExchangeId'
>;

/**
 * Logs the exchange; with `onRecorded`, in a transaction with what the caller keeps beside it
 * (one more round trip, for callers that need it; the public ask path stays one commit).
 */
export async function recordExchange(
  engine: Pick<ConversationEngine, 'db' | 'ignores'>,
  input: AskInput,
  entry: ChatLogEntryValues,
  onRecorded?: OnRecorded,
): Promise<RecordedExchange> {
  const { db, ignores } = engine;
  const insert = exchangeInsert(ignores, input, entry);
  if (!onRecorded) {
    // Prepared (one text per kind of insert): the public ask's statement, planned on every ask.
    const [row] = await queryPrepared<InsertedRow>(db, insert.name, insert.query);
    return toRecorded(row!);
  }
  // What the caller keeps with the exchange commits with it, or neither does.
  return db.transaction(async (tx) => {
    const result = await tx.execute<InsertedRow>(insert.query);
    const recorded = toRecorded(result.rows[0]!);
    await onRecorded(tx, recorded);
    return recorded;
  });
}

interface InsertedRow extends Record<string, unknown> {
  conversation_id: string;
  id: string;
}

const toRecorded = (row: InsertedRow): RecordedExchange => ({
  conversationId: row.conversation_id,
  exchangeId: row.id,
});

/**
 * Continues the asker's conversation (or starts one) and logs the exchange in one statement: one
 * round trip and one commit per ask, and never a conversation without its first entry. Another
 * storyfile's, channel's or visitor's conversation is never continued: a new one starts. Named by
 * its text, which differs only by whether a conversation is continued.
 */
function exchangeInsert(
  ignores: ConversationEngine['ignores'],
  input: AskInput,
  entry: ChatLogEntryValues,
): { name: string; query: SQL } {
  const continued = input.conversationId
    ? sql`update ${conversations} set last_at = now()
          where ${askersConversation({ ...input, conversationId: input.conversationId })}
          returning id`
    : sql`select null::uuid as id where false`;
  const name = input.conversationId
    ? 'conversa_log_exchange_continued'
    : 'conversa_log_exchange_started';
  const query = sql`
    with continued as (${continued}),
    created as (
      insert into ${conversations} (storyfile_id, channel, visitor_key)
      select ${input.storyfileId}::uuid, ${input.channel}, ${input.visitorKey}
      where not exists (select 1 from continued)
      returning id
    ),
    conversation as (select id from continued union all select id from created)
    insert into ${chatLogEntries} (
      conversation_id, storyfile_id, channel, question_text, input_mode, decision,
      fallback_reason, answer_question_id, answer_question_text, matched_question_id,
      matched_question_text, score, confidence, normalized_text, top_candidates, top_margin,
      ink_turn, ink_choice_text, clarification, suggestions, chosen_from_exchange_id,
      review_state
    )
    select conversation.id, ${input.storyfileId}::uuid, ${input.channel},
      ${entry.questionText ?? input.text},
      ${input.inputMode}, ${entry.decision}, ${entry.fallbackReason ?? null}::text,
      ${entry.answerQuestionId ?? null}::uuid, ${entry.answerQuestionText ?? null}::text,
      ${entry.matchedQuestionId ?? null}::uuid, ${entry.matchedQuestionText ?? null}::text,
      ${entry.score ?? null}::double precision, ${entry.confidence ?? null}::text,
      ${entry.normalizedText ?? ''}, ${JSON.stringify(entry.topCandidates ?? [])}::jsonb,
      ${entry.topMargin ?? null}::double precision,
      ${entry.inkTurn ?? null}::text, ${entry.inkChoiceText ?? null}::text,
      ${entry.clarification ?? null}::text, ${JSON.stringify(entry.suggestions ?? [])}::jsonb,
      ${entry.chosenFromExchangeId ?? null}::uuid,
      -- A question a reviewer ignored (training) stays ignored when asked again.
      case when ${ignores.isIgnored(input.storyfileId, entry.normalizedText ?? '')}
      then 'ignored' else 'new' end
    from conversation
    returning conversation_id, id`;
  return { name, query };
}
