import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  formatWebVtt,
  MEDIA_FILES,
  parseCaptionsFile,
  TRANSCRIPT_DRAFT_FAILED_MESSAGE,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { TranscribeVideoHandler } from '../../jobs/queue-definition.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { makeWorkFolder } from '../../media/work-folders.ts';
import { readAssetCaptions, replaceAssetCaptions } from '../media/index.ts';
import { mediaAssets } from '../media/media.tables.ts';
import {
  buildDraftVocabulary,
  DRAFT_PROMPT_ANSWERS,
  type Dictation,
  type StoryfileVocabulary,
} from '../speech/index.ts';
import { buildCues, joinCueTexts } from './cues.ts';
import { isCorrected } from './speaker-adaptation-trigger.ts';
import { findSpeakerModel, loadSpeakerVoice } from './speaker-voice.ts';
import { videoTranscripts } from './transcripts.tables.ts';

export interface TranscribeVideoDeps {
  db: Database;
  mediaStore: MediaStore;
  dictation: Dictation;
  log: (message: string) => void;
  /**
   * What a Whisper draft of this storyfile's answer is prompted with: `readDraftVocabulary`'s
   * corrected words, with the custom words the assembly adds (`assembly/draft-vocabulary.ts`).
   */
  readVocabulary: (storyfileId: string, assetId: string) => Promise<StoryfileVocabulary>;
}

/**
 * What a storyfile's authors corrected lately, but the answer being drafted: the words its draft's
 * prompt is chosen from (`buildDraftVocabulary`).
 */
export async function readDraftVocabulary(
  db: Database,
  storyfileId: string,
  assetId: string,
  customWords: readonly string[] = [],
): Promise<StoryfileVocabulary> {
  const corrected = await db
    .select({ text: videoTranscripts.text })
    .from(videoTranscripts)
    .where(
      and(
        eq(videoTranscripts.storyfileId, storyfileId),
        ne(videoTranscripts.assetId, assetId),
        isCorrected,
      ),
    )
    .orderBy(desc(videoTranscripts.updatedAt))
    .limit(DRAFT_PROMPT_ANSWERS);
  return buildDraftVocabulary(
    storyfileId,
    corrected.map((row) => row.text),
    customWords,
  );
}

/**
 * The `transcribe` job: the draft of a video's transcript. Captions the upload carried are the
 * author's own words and become the first draft as they are; otherwise the recognizer hears the
 * video's speech track (processing made it: 16 kHz mono WAV) and its timed words become the text
 * and the captions. Only a `pending` row is filled, and the write is guarded by that status, so an
 * author who saved meanwhile keeps their words; a job run twice finds the row done and stops.
 */
export function createTranscribeVideoHandler(deps: TranscribeVideoDeps): TranscribeVideoHandler {
  const { db, mediaStore, dictation, log, readVocabulary } = deps;
  return async ({ transcriptAssetId: assetId }, { signal, isLastAttempt }) => {
    const [found] = await db
      .select({ transcript: videoTranscripts, asset: mediaAssets })
      .from(videoTranscripts)
      .innerJoin(mediaAssets, eq(mediaAssets.id, videoTranscripts.assetId))
      .where(eq(videoTranscripts.assetId, assetId));
    if (!found || found.transcript.status !== 'pending') {
      return;
    }
    const { asset, transcript } = found;
    const isPending = and(
      eq(videoTranscripts.assetId, assetId),
      eq(videoTranscripts.status, 'pending'),
    );
    try {
      if (transcript.revision === 0 && asset.files.captions) {
        const cues = parseCaptionsFile((await readAssetCaptions(db, mediaStore, assetId)) ?? '');
        if (cues.length > 0) {
          await db
            .update(videoTranscripts)
            .set({
              status: 'draft',
              source: 'captions',
              engine: null,
              text: joinCueTexts(cues),
              cues,
              revision: 1,
              error: null,
              approvedAt: null,
              speakerModelRevision: null,
              previousDraft: null,
              redraftedAt: null,
              updatedAt: new Date(),
            })
            .where(isPending);
          return;
        }
      }
      const workDir = await makeWorkFolder(tmpdir(), 'conversa-media-');
      let dictated;
      // Once the storyfile's voice is adapted (issue 52), its drafts are made with it.
      const speakerModel =
        dictation.engineName === 'pocketsphinx'
          ? await findSpeakerModel(db, transcript.storyfileId)
          : null;
      try {
        const wavFile = path.join(workDir, MEDIA_FILES.audio.name);
        await pipeline(
          await mediaStore.read(`${asset.storagePrefix}/${asset.files.audio.name}`),
          createWriteStream(wavFile),
        );
        const voice = speakerModel
          ? await loadSpeakerVoice(mediaStore, speakerModel, workDir)
          : undefined;
        // Whisper is prompted with the words the authors corrected in earlier answers (issue 65;
        // pocketsphinx's drafts use its general model, and its adapted voice instead).
        const vocabulary =
          dictation.engineName === 'whisper'
            ? await readVocabulary(transcript.storyfileId, assetId)
            : undefined;
        dictated = await dictation.transcribeAnswer(wavFile, {
          signal,
          ...(voice ? { voice } : {}),
          ...(vocabulary ? { vocabulary } : {}),
        });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      const cues = buildCues(dictated.words);
      const revision = transcript.revision + 1;
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(videoTranscripts)
          .set({
            status: 'draft',
            source: 'recognizer',
            engine: dictation.engineName,
            text: joinCueTexts(cues),
            cues,
            words: dictated.words,
            revision,
            error: null,
            approvedAt: null,
            speakerModelRevision: speakerModel?.revision ?? null,
            previousDraft: null,
            redraftedAt: null,
            updatedAt: new Date(),
          })
          .where(isPending)
          .returning({ assetId: videoTranscripts.assetId });
        // A video with no speech (an idle loop) has a draft and no captions.
        if (saved && cues.length > 0) {
          await replaceAssetCaptions(tx, mediaStore, assetId, formatWebVtt(cues), revision);
        }
      });
      log(
        `video ${assetId}: transcript draft of ${dictated.words.length} word(s) by ${dictation.engineName}${speakerModel ? ` with the storyfile's voice r${speakerModel.revision}` : ''}`,
      );
    } catch (error) {
      if (isLastAttempt && !signal.aborted) {
        await db
          .update(videoTranscripts)
          .set({ status: 'failed', error: TRANSCRIPT_DRAFT_FAILED_MESSAGE, updatedAt: new Date() })
          .where(isPending)
          .catch(() => undefined);
      }
      log(`video ${assetId}: transcript draft failed: ${(error as Error).message}`);
      throw error;
    }
  };
}
