import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
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

/** A recognizer's draft kept aside when the storyfile's voice redid it. */
export interface PreviousDraft {
  text: string;
  cues: CaptionCue[];
  words: HeardWord[];
  engine: string | null;
  speakerModelRevision: number | null;
}

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
    /** The storyfile's voice the recognizer drafted with (`storyfile_speaker_models`); null: general. */
    speakerModelRevision: integer('speaker_model_revision'),
    /**
     * The draft a redraft with the storyfile's voice replaced (issue 52), which undo puts back;
     * cleared by an author's save, an undo or a new draft.
     */
    previousDraft: jsonb('previous_draft').$type<PreviousDraft>(),
    redraftedAt: timestamp('redrafted_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('video_transcripts_storyfile_idx').on(table.storyfileId, table.status),
    // The matcher's stamp counts a script's transcripts and reads their last edit from here alone.
    index('video_transcripts_storyfile_updated_idx').on(table.storyfileId, table.updatedAt),
  ],
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

/**
 * The storyfile's voice (issue 52): each revision of pocketsphinx's acoustic model adapted to the
 * storyfile's speaker from the answers authors corrected, its files (an MLLR transform, or MAP's
 * means and variances) in the media store under `storagePrefix`. The latest revision drafts.
 */
export const storyfileSpeakerModels = pgTable(
  'storyfile_speaker_models',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    method: text('method').$type<'mllr' | 'map'>().notNull(),
    /** The storyfile's corrected answers when it was adapted (a run with as many redrafts only). */
    corrected: integer('corrected').notNull(),
    /** Corrected answers the adaptation heard (the latest, those whose words it could say). */
    recordings: integer('recordings').notNull(),
    storagePrefix: text('storage_prefix').notNull(),
    /** The files' names under the prefix. */
    files: jsonb('files').$type<string[]>().notNull(),
    /** Wall seconds the adaptation took. */
    seconds: real('seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyfileId, table.revision] })],
);
