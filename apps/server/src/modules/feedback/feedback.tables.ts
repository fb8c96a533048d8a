import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackKind } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

/** Give Feedback and Report a Bug submissions from the footer dialogs (spec §2 Layout). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the account goes, so reports outlive their authors. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<FeedbackKind>().notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url').notNull(),
    /** Reply address the person typed, if any; the account's email is reachable through user_id. */
    replyEmail: text('reply_email'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    index('feedback_created_at_idx').on(table.createdAt),
    index('feedback_user_idx').on(table.userId),
    check('feedback_kind_check', sql`${table.kind} in ('feedback', 'bug')`),
  ],
);
