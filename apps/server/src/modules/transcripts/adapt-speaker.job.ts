import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AdaptSpeakerHandler } from '../../jobs/queue-definition.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { makeWorkFolder } from '../../media/work-folders.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { adaptToSpeaker, type CorrectedRecording, type Dictation } from '../speech/index.ts';
import { redraftWithVoice } from './redraft-answers.ts';
import { countCorrectedAnswers, isCorrected } from './speaker-adaptation-trigger.ts';
import {
  findSpeakerModel,
  getSpeakerModelPrefix,
  loadSpeakerVoice,
  SPEAKER_MODEL_FILES,
} from './speaker-voice.ts';
import { storyfileSpeakerModels, videoTranscripts } from './transcripts.tables.ts';

/**
 * Corrected answers from which MAP replaces MLLR: `npm run bench:adaptation` measured word error
 * 0.364 → 0.323 with MLLR from 5 answers (MAP 0.386: worse), and 0.314 with MLLR, 0.300 with MAP
 * from 20.
 */
export const MAP_FROM_RECORDINGS = 20;
/** The latest corrected answers an adaptation hears: its time grows with the speech counted. */
export const MAX_ADAPTATION_RECORDINGS = 60;

export interface AdaptSpeakerDeps {
  db: Database;
  mediaStore: MediaStore;
  dictation: Dictation;
  jobs: Pick<JobQueue, 'enqueueSpeakerAdaptation'>;
  log: (message: string) => void;
}

/**
 * The `adapt-speaker` job (issue 52): adapts pocketsphinx's acoustic model to the storyfile's
 * speaker from the answers its authors corrected (their speech tracks and words), keeps the
 * result in the media store as the storyfile's next voice revision, then redrafts with it every
 * answer whose draft still needs review, REDRAFTS_PER_JOB at a time (each next batch a job of its
 * own, `redraftAfter`). A run that finds the voice already made from as many answers only
 * finishes the redrafts (a retry resumes). An external recognizer is not adapted.
 */
export function createAdaptSpeakerHandler(deps: AdaptSpeakerDeps): AdaptSpeakerHandler {
  const { db, mediaStore, dictation, jobs, log } = deps;
  return async ({ adaptStoryfileId: storyfileId, redraftAfter }, { signal }) => {
    if (dictation.engineName !== 'pocketsphinx') {
      log(`storyfile ${storyfileId}: the external recognizer is not adapted to the speaker`);
      return;
    }
    const corrected = await db
      .select({
        assetId: mediaAssets.id,
        text: videoTranscripts.text,
        storagePrefix: mediaAssets.storagePrefix,
        files: mediaAssets.files,
      })
      .from(videoTranscripts)
      .innerJoin(mediaAssets, eq(mediaAssets.id, videoTranscripts.assetId))
      .where(and(eq(videoTranscripts.storyfileId, storyfileId), isCorrected))
      .orderBy(desc(videoTranscripts.updatedAt))
      .limit(MAX_ADAPTATION_RECORDINGS);
    const workDir = await makeWorkFolder(tmpdir(), 'conversa-media-');
    try {
      let model = await findSpeakerModel(db, storyfileId);
      const total = await countCorrectedAnswers(db, storyfileId);
      if (!redraftAfter && corrected.length > 0 && (model?.corrected ?? 0) < total) {
        const audioDir = path.join(workDir, 'corrected');
        await mkdir(audioDir);
        const recordings: CorrectedRecording[] = [];
        for (const [index, answer] of corrected.entries()) {
          const wavFile = path.join(audioDir, `answer-${index}.wav`);
          await pipeline(
            await mediaStore.read(`${answer.storagePrefix}/${answer.files.audio.name}`),
            createWriteStream(wavFile),
          );
          recordings.push({ id: `answer-${index}`, wavFile, text: answer.text });
        }
        const method = corrected.length >= MAP_FROM_RECORDINGS ? 'map' : 'mllr';
        const adaptation = await adaptToSpeaker(recordings, {
          workDir: path.join(workDir, 'adaptation'),
          method,
          niceness: dictation.niceness,
          signal,
        });
        const revision = (model?.revision ?? 0) + 1;
        const storagePrefix = getSpeakerModelPrefix(storyfileId, revision);
        const files = [...SPEAKER_MODEL_FILES[method]];
        for (const name of files) {
          const local =
            method === 'mllr' ? adaptation.mllrFile! : path.join(adaptation.acousticModel, name);
          await mediaStore.publishFile(
            local,
            `${storagePrefix}/${name}`,
            'application/octet-stream',
          );
        }
        // Two runs at once (a slot each) cannot both write a revision: the second fails here
        // and its retry finds the voice made.
        const [made] = await db
          .insert(storyfileSpeakerModels)
          .values({
            storyfileId,
            revision,
            method,
            corrected: total,
            recordings: adaptation.recordings,
            storagePrefix,
            files,
            seconds: adaptation.seconds.total,
          })
          .returning();
        model = made ?? null;
        log(
          `storyfile ${storyfileId}: voice r${revision} (${method}) from ${adaptation.recordings} corrected answer(s) in ${adaptation.seconds.total.toFixed(1)} s`,
        );
      }
      if (!model) {
        return;
      }
      const voice = await loadSpeakerVoice(mediaStore, model, workDir);
      const { redrafted, next } = await redraftWithVoice(
        { db, mediaStore, dictation },
        {
          storyfileId,
          revision: model.revision,
          voice,
          workDir,
          signal,
          ...(redraftAfter ? { after: redraftAfter } : {}),
        },
      );
      log(`storyfile ${storyfileId}: ${redrafted} draft(s) redone with voice r${model.revision}`);
      if (next) {
        await jobs.enqueueSpeakerAdaptation(storyfileId, `r${model.revision}-after-${next}`, next);
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
