import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { formatWebVtt } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { replaceAssetCaptions } from '../media/index.ts';
import { mediaAssets } from '../media/media.tables.ts';
import type { Dictation, SpeakerVoice } from '../speech/index.ts';
import { buildCues, joinCueTexts } from './cues.ts';
import { type PreviousDraft, videoTranscripts } from './transcripts.tables.ts';

/** A recognizer's draft no author saved or approved: the only kind a redraft may replace. */
const needsReview = and(
  eq(videoTranscripts.status, 'draft'),
  eq(videoTranscripts.source, 'recognizer'),
  isNull(videoTranscripts.approvedAt),
);

/** Answers one job redrafts at most; the next batch is a job of its own (bounded by its expiry). */
export const REDRAFTS_PER_JOB = 20;

/**
 * Drafts again, with the storyfile's voice `revision`, the answers whose draft still needs review
 * and was made by an older voice (or the general one), one at a time, in video id order from
 * `after`, `limit` at most (`next`: the last one looked at, when more may follow). The draft replaced is kept
 * (`previous_draft`), which undo puts back. Each write is guarded by the row's status, approval and
 * revision, so an author's save or approval that lands while the recognizer listens wins. A draft
 * that would lose every word is left as it was.
 */
export async function redraftWithVoice(
  deps: { db: Database; mediaStore: MediaStore; dictation: Dictation },
  input: {
    storyfileId: string;
    revision: number;
    voice: SpeakerVoice;
    workDir: string;
    signal: AbortSignal;
    after?: string;
    limit?: number;
  },
): Promise<{ redrafted: number; next: string | null }> {
  const { db, mediaStore, dictation } = deps;
  const { storyfileId, revision: voiceRevision, voice, workDir, signal } = input;
  const limit = input.limit ?? REDRAFTS_PER_JOB;
  const rows = await db
    .select({ transcript: videoTranscripts, asset: mediaAssets })
    .from(videoTranscripts)
    .innerJoin(mediaAssets, eq(mediaAssets.id, videoTranscripts.assetId))
    .where(
      and(
        eq(videoTranscripts.storyfileId, storyfileId),
        needsReview,
        or(
          isNull(videoTranscripts.speakerModelRevision),
          lt(videoTranscripts.speakerModelRevision, voiceRevision),
        ),
        input.after ? gt(videoTranscripts.assetId, input.after) : undefined,
      ),
    )
    .orderBy(videoTranscripts.assetId)
    .limit(limit);
  let redrafted = 0;
  for (const { transcript, asset } of rows) {
    signal.throwIfAborted();
    const wavFile = path.join(workDir, `redraft-${asset.id}.wav`);
    let dictated;
    try {
      await pipeline(
        await mediaStore.read(`${asset.storagePrefix}/${asset.files.audio.name}`),
        createWriteStream(wavFile),
      );
      dictated = await dictation.transcribeAnswer(wavFile, { signal, voice });
    } finally {
      await rm(wavFile, { force: true });
    }
    if (dictated.words.length === 0 && transcript.words.length > 0) {
      continue;
    }
    const cues = buildCues(dictated.words);
    const previous: PreviousDraft = {
      text: transcript.text,
      cues: transcript.cues,
      words: transcript.words,
      engine: transcript.engine,
      speakerModelRevision: transcript.speakerModelRevision,
    };
    const revision = transcript.revision + 1;
    const isRedrafted = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(videoTranscripts)
        .set({
          text: joinCueTexts(cues),
          cues,
          words: dictated.words,
          engine: dictation.engineName,
          speakerModelRevision: voiceRevision,
          previousDraft: previous,
          redraftedAt: new Date(),
          revision,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(videoTranscripts.assetId, asset.id),
            eq(videoTranscripts.revision, transcript.revision),
            needsReview,
          ),
        )
        .returning({ assetId: videoTranscripts.assetId });
      if (saved && cues.length > 0) {
        await replaceAssetCaptions(tx, mediaStore, asset.id, formatWebVtt(cues), revision);
      }
      return saved !== undefined;
    });
    redrafted += isRedrafted ? 1 : 0;
  }
  return { redrafted, next: rows.length === limit ? rows.at(-1)!.asset.id : null };
}
