import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AvatarResourceType, ClipKind, UploadKind, UploadPhase } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

// --- Uploads and media ----------------------------------------------------------------------
// An upload row is created when a tus upload is created and follows it to the end; a media asset
// row is the commit point of processing: files in the media store without a row are invisible
// (never served, swept later), so a crash mid-job never leaves a half-written asset behind.

/** Every tus upload, from creation to processed (or failed, cancelled, expired). */
export const uploads = pgTable(
  'uploads',
  {
    /** The tus id: the last path segment of the upload URL before any `+` (spec §7). */
    id: text('id').primaryKey(),
    /** The full tus id the data store knows (differs from `id` only for stores that add `+...`). */
    tusId: text('tus_id').notNull(),
    kind: text('kind').$type<UploadKind>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    storyfileId: uuid('storyfile_id').references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'cascade',
    }),
    clipKind: text('clip_kind').$type<ClipKind>(),
    resourceType: text('resource_type').$type<AvatarResourceType>(),
    resourceId: text('resource_id'),
    filename: text('filename'),
    filetype: text('filetype'),
    /** Null while the client defers the length. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    phase: text('phase').$type<UploadPhase>().notNull().default('uploading'),
    error: text('error'),
    /** When the last byte arrived. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** When processing ended (ready or failed). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('uploads_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('uploads_storyfile_idx').on(table.storyfileId),
    index('uploads_phase_created_idx').on(table.phase, table.createdAt),
    check('uploads_kind_check', sql`${table.kind} in ('answer', 'clip', 'avatar', 'package')`),
    check(
      'uploads_phase_check',
      sql`${table.phase} in ('uploading', 'processing', 'ready', 'failed', 'cancelled')`,
    ),
    check(
      'uploads_target_check',
      sql`case ${table.kind}
        when 'answer' then ${table.storyfileId} is not null and ${table.storyfileQuestionId} is not null
        when 'clip' then ${table.storyfileId} is not null and ${table.clipKind} is not null
        when 'package' then true
        else ${table.resourceType} is not null and ${table.resourceId} is not null end`,
    ),
  ],
);
