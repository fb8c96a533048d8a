import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InkCompileMessage, InkStoryStats } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

// --- Ink stories ---------------------------------------------------------------------------------

/** Every saved version of a storyfile's ink story: the source and what the server compiled. */
export const inkStoryVersions = pgTable(
  'ink_story_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per storyfile. */
    number: integer('number').notNull(),
    source: text('source').notNull(),
    /** inkjs's JSON, compiled by the server; null when the source has errors. */
    compiledJson: text('compiled_json'),
    messages: jsonb('messages').$type<InkCompileMessage[]>().notNull(),
    errorCount: integer('error_count').notNull(),
    warningCount: integer('warning_count').notNull(),
    stats: jsonb('stats').$type<InkStoryStats>().notNull(),
    restoredFromNumber: integer('restored_from_number'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ink_story_versions_storyfile_number_key').on(table.storyfileId, table.number),
    check(
      'ink_story_versions_compiled_check',
      sql`(${table.compiledJson} is null) = (${table.errorCount} > 0)`,
    ),
  ],
);

/** The published version of a storyfile's ink story; no row (or a null version) runs none. */
export const inkStories = pgTable('ink_stories', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  publishedVersionId: uuid('published_version_id').references(() => inkStoryVersions.id, {
    onDelete: 'set null',
  }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
