import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ClipKind, MediaFiles } from '@conversa/contracts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { users } from '../users/users.tables.ts';

/** One stored file of an asset: its name in the asset's folder, type and size. */
export interface MediaAssetFile {
  name: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * A processed answer or clip video: the answer of one question, or one clip of a storyfile.
 * Replacing a video inserts a new row and deletes the old one in the same transaction.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique: a job that runs twice finds the asset of its first run and stops there. */
    uploadId: text('upload_id')
      .notNull()
      .unique()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'cascade',
    }),
    clipKind: text('clip_kind').$type<ClipKind>(),
    /** Folder of the asset's files in the media store, e.g. `videos/<upload id>`. */
    storagePrefix: text('storage_prefix').notNull(),
    /** Every fixed role (video, poster, audio) and the optional ones made (captions). */
    files: jsonb('files').$type<MediaFiles<MediaAssetFile>>().notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_assets_storyfile_idx').on(table.storyfileId),
    // The matcher's stamp counts a script's answer videos and reads the newest from here alone.
    index('media_assets_storyfile_answers_idx')
      .on(table.storyfileId, table.createdAt)
      .where(sql`${table.storyfileQuestionId} is not null`),
    uniqueIndex('media_assets_question_key')
      .on(table.storyfileQuestionId)
      .where(sql`${table.storyfileQuestionId} is not null`),
    uniqueIndex('media_assets_clip_key')
      .on(table.storyfileId, table.clipKind)
      .where(sql`${table.clipKind} is not null`),
    check(
      'media_assets_target_check',
      sql`(${table.storyfileQuestionId} is null) <> (${table.clipKind} is null)`,
    ),
  ],
);
