import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CaptionCue,
  HeardWord,
  TranscriptSource,
  TranscriptStatus,
} from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

/**
 * What a video says: one row per answer or clip video, made `pending` when the video is
 * processed and filled by the transcribe job (a draft), then by authors (edited). It goes with its
 * video: a replaced or deleted video takes its transcript along.
 */
export const videoTranscripts = pgTable(
  'video_transcripts',
  {
    assetId: uuid('asset_id')
      .primaryKey()
      .references(() => mediaAssets.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    status: text('status').$type<TranscriptStatus>().notNull().default('pending'),
    source: text('source').$type<TranscriptSource>(),
    engine: text('engine'),
    text: text('text').notNull().default(''),
    cues: jsonb('cues').$type<CaptionCue[]>().notNull().default([]),
    /** The recognizer's words with their times: what re-timing an edit aligns against. */
    words: jsonb('words').$type<HeardWord[]>().notNull().default([]),
    revision: integer('revision').notNull().default(0),
    /**
     * When an author approved the draft as it is (issue 52): a reviewed draft reaches visitors. A
     * new draft clears it; a save makes the row `edited`, reviewed by being written.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('video_transcripts_storyfile_idx').on(table.storyfileId, table.status)],
);

/**
 * How a storyfile shows its transcripts to visitors (issue 52): by default only words an author
 * saved or approved; `publishDrafts` also shows the drafts not reviewed yet, labelled automatic. No
 * row means the default.
 */
export const storyfileTranscriptSettings = pgTable('storyfile_transcript_settings', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  publishDrafts: boolean('publish_drafts').notNull().default(false),
  ...timestamps,
});
