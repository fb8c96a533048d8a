import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntries } from './conversations.tables.ts';

/** Where a learned label comes from (issue 50 item 2). */
export const LEARNED_LABEL_SOURCES = ['suggestion', 'rating', 'correction'] as const;
export type LearnedLabelSource = (typeof LEARNED_LABEL_SOURCES)[number];

/**
 * What a storyfile learns from its visitors (issue 50 item 2): a visitor's question labelled with
 * the answer it meant, by a pressed "Did you mean…?" suggestion, a thumbs-up rating or an author's
 * correction in Response quality. One row per label and asker (`visitor_key`), and the matcher
 * counts distinct visitors by their network (`client_key`); a question and answer pair
 * (`question_id`, `normalized_text`) whose rows are removed by the author (`removed_at`) teaches
 * nothing until the removal is undone.
 */
export const storyfileLearnedLabels = pgTable(
  'storyfile_learned_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    /** The answer the question was labelled with. */
    questionId: uuid('question_id')
      .notNull()
      .references(() => storyfileQuestions.id, { onDelete: 'cascade' }),
    /** The visitor's words as asked. */
    questionText: text('question_text').notNull(),
    /** The matcher's normalisation of them: one label per distinct question. */
    normalizedText: text('normalized_text').notNull(),
    source: text('source').$type<LearnedLabelSource>().notNull(),
    /** Who labelled it: `user:<iam>` or `visitor:<cookie id>`. */
    visitorKey: text('visitor_key').notNull(),
    /**
     * A visitor's network (`clientNetwork`: an IPv4 /24, an IPv6 /48), by which distinct visitors
     * are counted (issue 67 item 1); null for a signed-in account's label (counted by
     * `visitor_key`) and for labels written before.
     */
    clientKey: text('client_key'),
    /** The exchange labelled (the one that offered the pressed suggestion, or the one rated). */
    exchangeId: uuid('exchange_id').references(() => chatLogEntries.id, { onDelete: 'set null' }),
    /** The Response quality change a correction came from: undoing it deletes the label. */
    actionId: uuid('action_id'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The users.id (iam) of the author who removed it. */
    removedBy: text('removed_by'),
    ...timestamps,
  },
  (table) => [
    unique('storyfile_learned_labels_visitor_key').on(
      table.storyfileId,
      table.questionId,
      table.normalizedText,
      table.visitorKey,
    ),
    index('storyfile_learned_labels_storyfile_idx').on(table.storyfileId, table.updatedAt),
    index('storyfile_learned_labels_action_idx')
      .on(table.actionId)
      .where(sql`${table.actionId} is not null`),
    check(
      'storyfile_learned_labels_source_check',
      sql`${table.source} in ('suggestion', 'rating', 'correction')`,
    ),
  ],
);
