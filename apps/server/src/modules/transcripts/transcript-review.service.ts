import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  getTranscriptReview,
  getVisitorWords,
  OPTIONAL_MEDIA_FILES,
  type Transcript,
  TRANSCRIPT_STALE_MESSAGE,
  type TranscriptSettings,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { findVideo, presentTranscript } from './transcripts.service.ts';
import { storyfileTranscriptSettings, videoTranscripts } from './transcripts.tables.ts';

/**
 * Marks a draft reviewed as it is: its words reach visitors from then on. Approving a revision
 * older than the saved one is refused, so nobody approves words they have not read.
 */
export async function approveVideoTranscript(
  db: Database,
  storyfileId: string,
  videoId: string,
  revision: number,
): Promise<Transcript> {
  const asset = await findVideo(db, storyfileId, videoId);
  const [approved] = await db
    .update(videoTranscripts)
    .set({
      approvedAt: sql`coalesce(${videoTranscripts.approvedAt}, now())`,
      // Reviewed as it is: a redraft is no longer undone.
      previousDraft: null,
      redraftedAt: null,
    })
    .where(
      and(
        eq(videoTranscripts.assetId, asset.id),
        eq(videoTranscripts.revision, revision),
        inArray(videoTranscripts.status, ['draft', 'edited']),
      ),
    )
    .returning();
  if (!approved) {
    throw conflict(TRANSCRIPT_STALE_MESSAGE);
  }
  return presentTranscript(approved);
}

export async function getTranscriptSettings(
  db: Database,
  storyfileId: string,
): Promise<TranscriptSettings> {
  const [row] = await db
    .select({ publishDrafts: storyfileTranscriptSettings.publishDrafts })
    .from(storyfileTranscriptSettings)
    .where(eq(storyfileTranscriptSettings.storyfileId, storyfileId));
  return { publishDrafts: row?.publishDrafts ?? false };
}

export async function updateTranscriptSettings(
  db: Database,
  storyfileId: string,
  settings: TranscriptSettings,
): Promise<TranscriptSettings> {
  await db
    .insert(storyfileTranscriptSettings)
    .values({ storyfileId, publishDrafts: settings.publishDrafts })
    .onConflictDoUpdate({
      target: storyfileTranscriptSettings.storyfileId,
      set: { publishDrafts: settings.publishDrafts, updatedAt: sql`now()` },
    });
  return { publishDrafts: settings.publishDrafts };
}

/** What visitors may read of one video: its words and whether they are an automatic draft. */
export interface VisitorWords {
  isAutomatic: boolean;
  text: string;
}

/**
 * The words visitors may read of these videos, by asset id (one query): reviewed words, and drafts
 * labelled automatic where the storyfile publishes drafts. A video missing from the map shows no
 * words (no captions, nothing said in the transcript). Captions the upload carried are the
 * author's own words: shown from the moment the video plays, before their draft row is made.
 */
export async function readVisitorWords(
  db: Pick<Database, 'select'>,
  assetIds: readonly string[],
): Promise<Map<string, VisitorWords>> {
  if (assetIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      assetId: mediaAssets.id,
      captionsName: sql<string | null>`${mediaAssets.files} -> 'captions' ->> 'name'`,
      status: videoTranscripts.status,
      source: videoTranscripts.source,
      text: videoTranscripts.text,
      approvedAt: videoTranscripts.approvedAt,
      publishDrafts: storyfileTranscriptSettings.publishDrafts,
    })
    .from(mediaAssets)
    .leftJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
    .leftJoin(
      storyfileTranscriptSettings,
      eq(storyfileTranscriptSettings.storyfileId, mediaAssets.storyfileId),
    )
    .where(inArray(mediaAssets.id, [...new Set(assetIds)]));
  const words = new Map<string, VisitorWords>();
  for (const row of rows) {
    const review = getTranscriptReview({
      status: row.status ?? 'pending',
      source: row.source,
      text: row.text ?? '',
      approvedAt: row.approvedAt,
    });
    if (review === 'pending' && row.captionsName === OPTIONAL_MEDIA_FILES.captions.name) {
      words.set(row.assetId, { isAutomatic: false, text: '' });
      continue;
    }
    const shown = getVisitorWords(review, row.publishDrafts ?? false);
    if (shown !== null) {
      words.set(row.assetId, { isAutomatic: shown === 'automatic', text: row.text ?? '' });
    }
  }
  return words;
}
