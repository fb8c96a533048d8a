import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

/**
 * The log of what a storyfile's visitors asked that its matcher scores with (issue 50, item 3;
 * `visitor-log.ts`): the distinct questions of its chat log, newest first, as last taken. Taken
 * again from the chat log now and then and written here only when enough of it is new, so every
 * process's matcher scores with the same log and recalibrates only then: `updated_at` is part of
 * the matcher's stamp. No row: nothing logged worth taking yet.
 */
export const storyfileVisitorLogs = pgTable('storyfile_visitor_logs', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  /** The questions as asked, newest first; at most `MAX_VISITOR_QUESTIONS`. */
  questions: text('questions').array().notNull(),
  questionCount: integer('question_count').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
