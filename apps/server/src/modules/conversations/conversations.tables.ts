import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AskSuggestion,
  ChatChannel,
  ClarificationKind,
  ChatDecision,
  ConfidenceClass,
  ExchangeFeedback,
  FallbackReason,
  InputMode,
  LoggedCandidate,
  ReviewState,
} from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';

// --- Conversations, chat logs and publishing ---------------------------------------------------

/** Matching settings of a storyfile; no row means the defaults. */
export const storyfileMatchingSettings = pgTable('storyfile_matching_settings', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  /** Out-of-scope threshold 0–1; null means the matcher's DEFAULT_THRESHOLD. */
  threshold: doublePrecision('threshold'),
  /**
   * Where the storyfile plays or asks back (issue 50): the share 0–1 of its own near-miss questions
   * that may still be played; null means the matcher's automatic point.
   */
  playRisk: doublePrecision('play_risk'),
  ...timestamps,
});

/** One conversation with a storyfile: a visitor's (or author's) run of questions. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChatChannel>().notNull(),
    /** `user:<id>` for signed-in callers, `visitor:<cookie id>` for the public player. */
    visitorKey: text('visitor_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    /** Free-form state for scripted (ink) flows to drive later. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('conversations_storyfile_started_idx').on(table.storyfileId, table.startedAt),
    index('conversations_started_idx').on(table.startedAt),
    check(
      'conversations_channel_check',
      sql`${table.channel} in ('studio', 'share', 'embed', 'api', 'learning')`,
    ),
  ],
);

/** Every exchange: what was asked and what the storyfile answered. */
export const chatLogEntries = pgTable(
  'chat_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Copied from the conversation so list filters and per-storyfile counts need no join.
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChatChannel>().notNull(),
    questionText: text('question_text').notNull(),
    inputMode: text('input_mode').$type<InputMode>().notNull(),
    decision: text('decision').$type<ChatDecision>().notNull(),
    fallbackReason: text('fallback_reason').$type<FallbackReason>(),
    answerQuestionId: uuid('answer_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** The answered question's text when asked, kept when the question changes or goes. */
    answerQuestionText: text('answer_question_text'),
    /** On a `not-recorded` fallback, the unrecorded question that matched: what to record next. */
    matchedQuestionId: uuid('matched_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** Its text when asked, kept when the question changes or goes. */
    matchedQuestionText: text('matched_question_text'),
    score: doublePrecision('score'),
    confidence: text('confidence').$type<ConfidenceClass>(),
    /** The question as the matcher normalises it: ignores, clusters and previews key on it. */
    normalizedText: text('normalized_text').notNull().default(''),
    /** The matcher's best 3 candidates when asked (answer and score), best first. */
    topCandidates: jsonb('top_candidates').$type<LoggedCandidate[]>().notNull().default([]),
    /** Score of the best candidate minus the second's; null with fewer than two. */
    topMargin: doublePrecision('top_margin'),
    /** Review state in Response quality (`training` module). */
    reviewState: text('review_state').$type<ReviewState>().notNull().default('new'),
    /** The review action that last changed `reviewState` (null while new). */
    reviewActionId: uuid('review_action_id'),
    /** The asker's rating of the answer: once per exchange. */
    feedback: text('feedback').$type<ExchangeFeedback>(),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    /** With a published ink story: `choice` (the story took a choice) or `free` (the matcher answered). */
    inkTurn: text('ink_turn').$type<'choice' | 'free'>(),
    /** The story choice taken, its text when asked. */
    inkChoiceText: text('ink_choice_text'),
    /** The storyfile asked back on this exchange ("Did you mean…?", or topics and starters). */
    clarification: text('clarification').$type<ClarificationKind>(),
    /** What it offered, best first: the answers' ids and their questions' texts when asked. */
    suggestions: jsonb('suggestions').$type<AskSuggestion[]>().notNull().default([]),
    /** On the exchange of a pressed suggestion: the exchange that offered it. */
    chosenFromExchangeId: uuid('chosen_from_exchange_id').references(
      (): AnyPgColumn => chatLogEntries.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_log_entries_ink_turn_check', sql`${table.inkTurn} in ('choice', 'free')`),
    check(
      'chat_log_entries_clarification_check',
      sql`${table.clarification} in ('did-you-mean', 'topics-and-starters')`,
    ),
    // What visitors chose, per offering exchange (Response quality), without a scan.
    index('chat_log_entries_chosen_from_idx')
      .on(table.chosenFromExchangeId)
      .where(sql`${table.chosenFromExchangeId} is not null`),
    index('chat_log_entries_storyfile_review_created_idx').on(
      table.storyfileId,
      table.reviewState,
      table.createdAt.desc(),
    ),
    index('chat_log_entries_storyfile_normalized_idx').on(table.storyfileId, table.normalizedText),
    check(
      'chat_log_entries_review_state_check',
      sql`${table.reviewState} in ('new', 'resolved', 'ignored', 'queued')`,
    ),
    check('chat_log_entries_feedback_check', sql`${table.feedback} in ('up', 'down')`),
    // The inbox's and chat logs' newest-first pages per storyfile, and their counts: the filter
    // columns trail the order so a count (and a filtered page's scan) reads the index alone.
    index('chat_log_entries_storyfile_created_idx').on(
      table.storyfileId,
      // NULLS FIRST is what `order by … desc` means: the index serves the order as written.
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.decision,
      table.reviewState,
      table.feedback,
      table.confidence,
      table.channel,
      table.topMargin,
    ),
    // Training inbox (issue 14): sort by score without reading every row; §5 search of the
    // question and answer texts through trigrams instead of scanning 100,000 rows.
    index('chat_log_entries_storyfile_score_idx').on(table.storyfileId, table.score),
    // The chat logs' "Said in the answer" (issue 41): the exchanges of the few questions whose
    // answer says the words, without reading every exchange; also a deleted question's exchanges.
    index('chat_log_entries_answer_question_idx')
      .on(table.answerQuestionId)
      .where(sql`${table.answerQuestionId} is not null`),
    // Fallbacks, the inbox's main filter, are a tenth of the rows or fewer.
    index('chat_log_entries_storyfile_fallback_idx')
      .on(
        table.storyfileId,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.reviewState,
        table.confidence,
        table.feedback,
        table.topMargin,
      )
      .where(sql`${table.decision} = 'fallback'`),
    // Ratings are rare (a few in a hundred): filtering on them reads this small index, not all rows.
    index('chat_log_entries_storyfile_rated_idx')
      .on(
        table.storyfileId,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.feedback,
        table.reviewState,
      )
      .where(sql`${table.feedback} is not null`),
    index('chat_log_entries_question_trgm_idx').using('gin', table.questionText.op('gin_trgm_ops')),
    // The chat logs' word search: each word of the search, folded like the question, must appear
    // in the folded question (a LIKE '%word%' per word, which this trigram index answers).
    index('chat_log_entries_normalized_trgm_idx').using(
      'gin',
      table.normalizedText.op('gin_trgm_ops'),
    ),
    index('chat_log_entries_answer_trgm_idx').using(
      'gin',
      sql`coalesce(${table.answerQuestionText}, ${table.matchedQuestionText}, '') gin_trgm_ops`,
    ),
    // The words of the normalised question: a custom category's usage finds the exchanges
    // with a phrase's words here.
    index('chat_log_entries_words_idx').using(
      'gin',
      sql`string_to_array(${table.normalizedText}, ' ')`,
    ),
    index('chat_log_entries_created_idx').on(table.createdAt.desc()),
    index('chat_log_entries_conversation_created_idx').on(table.conversationId, table.createdAt),
    index('chat_log_entries_decision_created_idx').on(table.decision, table.createdAt.desc()),
    index('chat_log_entries_confidence_created_idx').on(table.confidence, table.createdAt.desc()),
    index('chat_log_entries_channel_created_idx').on(table.channel, table.createdAt.desc()),
    check(
      'chat_log_entries_channel_check',
      sql`${table.channel} in ('studio', 'share', 'embed', 'api', 'learning')`,
    ),
    check('chat_log_entries_input_mode_check', sql`${table.inputMode} in ('typed', 'spoken')`),
    check('chat_log_entries_decision_check', sql`${table.decision} in ('answered', 'fallback')`),
    check(
      'chat_log_entries_fallback_reason_check',
      sql`${table.fallbackReason} in ('empty', 'unintelligible', 'not-confident', 'readings-disagree', 'off-topic', 'not-recorded')`,
    ),
  ],
);

/**
 * Sentence vectors of script phrasings (and of the matcher's built-in off-topic questions), per
 * model and text: computed once in batches, so a restart, another replica or a re-index reads them
 * back instead of running the model again. Not tied to a storyfile: the same text has the same
 * vector wherever it is asked.
 */
export const sentenceVectors = pgTable(
  'sentence_vectors',
  {
    /** The embedder's id: `use-lite`, or `http:<model>`. */
    model: text('model').notNull(),
    /** SHA-256 (hex) of the text: the key, whatever the text's length. */
    textHash: text('text_hash').notNull(),
    text: text('text').notNull(),
    vector: real('vector').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.model, table.textHash] })],
);
