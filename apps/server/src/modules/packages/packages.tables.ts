import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StoryfilePackageJobKind, StoryfilePackageJobState } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

/** One video's folder to publish after the commit: its media-store prefix and its files by name. */
export interface MediaPlanEntry {
  storagePrefix: string;
  /** File name in the folder (video.mp4, ...) → path in the package. */
  files: Record<string, string>;
}

/**
 * Storyfile package jobs (issue 31): an export (of `storyfileId`, written to `storageKey` in the
 * media store) or an import (of the package upload `uploadId` into `namespaceId`; `storyfileId`
 * is set in the transaction that creates the storyfile). The queue's job carries only this id.
 */
export const storyfilePackageJobs = pgTable(
  'storyfile_package_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<StoryfilePackageJobKind>().notNull(),
    state: text('state').$type<StoryfilePackageJobState>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    step: text('step').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id').references(() => storyfiles.id, { onDelete: 'set null' }),
    storyfileName: text('storyfile_name').notNull(),
    /** Import: the package upload (a tus id; no foreign key, the upload row may be swept). */
    uploadId: text('upload_id'),
    /** Import: the name the person chose, if any. */
    requestedName: text('requested_name'),
    /** Export: the package's key in the media store once written. */
    storageKey: text('storage_key'),
    /**
     * Import: the video folders to publish, written in the transaction that creates the storyfile;
     * a job killed after that commit publishes them on its retry.
     */
    mediaPlan: jsonb('media_plan').$type<MediaPlanEntry[]>(),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    ...timestamps,
  },
  (table) => [
    index('storyfile_package_jobs_user_idx').on(table.userId, table.createdAt),
    check('storyfile_package_jobs_kind_check', sql`${table.kind} in ('export', 'import')`),
    check(
      'storyfile_package_jobs_state_check',
      sql`${table.state} in ('queued', 'running', 'done', 'failed')`,
    ),
    check('storyfile_package_jobs_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
