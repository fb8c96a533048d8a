import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  CaptionCue,
  HeardWord,
  TranscriptSource,
  TranscriptStatus,
} from '@conversa/contracts';
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
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('video_transcripts_storyfile_idx').on(table.storyfileId, table.status)],
);
