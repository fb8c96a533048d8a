import { eq } from 'drizzle-orm';
import {
  formatWebVtt,
  type Transcript,
  TRANSCRIPT_NOT_REDRAFTED_MESSAGE,
  TRANSCRIPT_STALE_MESSAGE,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { replaceAssetCaptions } from '../media/index.ts';
import { findVideo, presentTranscript } from './transcripts.service.ts';
import { videoTranscripts } from './transcripts.tables.ts';

/**
 * Undoes a redraft with the storyfile's voice (issue 52): the draft it replaced comes back, as a
 * new revision with its captions, still needing review. Refused when the author read an older
 * revision, or the draft was not redone (saved, approved or drafted anew since).
 */
export async function undoTranscriptRedraft(
  db: Database,
  store: MediaStore,
  storyfileId: string,
  videoId: string,
  revision: number,
): Promise<Transcript> {
  const asset = await findVideo(db, storyfileId, videoId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(videoTranscripts)
      .where(eq(videoTranscripts.assetId, asset.id))
      .for('update');
    if (row && row.revision !== revision) {
      throw conflict(TRANSCRIPT_STALE_MESSAGE);
    }
    const previous = row?.previousDraft;
    if (!row || !previous || row.status !== 'draft' || row.approvedAt !== null) {
      throw conflict(TRANSCRIPT_NOT_REDRAFTED_MESSAGE);
    }
    const [restored] = await tx
      .update(videoTranscripts)
      .set({
        text: previous.text,
        cues: previous.cues,
        words: previous.words,
        engine: previous.engine,
        speakerModelRevision: previous.speakerModelRevision,
        previousDraft: null,
        redraftedAt: null,
        revision: row.revision + 1,
        updatedAt: new Date(),
      })
      .where(eq(videoTranscripts.assetId, asset.id))
      .returning();
    if (previous.cues.length > 0) {
      await replaceAssetCaptions(
        tx,
        store,
        asset.id,
        formatWebVtt(previous.cues),
        restored!.revision,
      );
    }
    return presentTranscript(restored!);
  });
}
