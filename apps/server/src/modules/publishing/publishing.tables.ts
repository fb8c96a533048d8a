import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

/** Publication of a storyfile; the slug survives unpublishing so shared links come back. */
export const storyfilePublications = pgTable('storyfile_publications', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  isPublished: boolean('is_published').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The public player's per-visitor ask limit, shared by every replica: one row per visitor key, a
 * one-minute window that starts at the key's first ask (as @fastify/rate-limit counts), counted by
 * one atomic upsert. Rows of windows past are deleted by maintenance.
 */
export const publicAskCounters = pgTable(
  'public_ask_counters',
  {
    /** Storyfile slug, client address and visitor cookie, as one key. */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('public_ask_counters_window_idx').on(table.windowStart)],
);

// --- Popular score: visitor ids linked to studio sessions (issue 19) ---

/**
 * A public player's visitor cookie seen together with a signed-in studio session in one browser:
 * that visitor is this studio user, so the popular score can leave a team member's anonymous
 * visits out (mobile-app's popular.service.ts). Written by the publishing module's visitor-links.ts.
 */
export const visitorLinks = pgTable(
  'visitor_links',
  {
    visitorId: uuid('visitor_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.userId] }),
    index('visitor_links_user_idx').on(table.userId),
  ],
);
