import { createWriteStream } from 'node:fs';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { POCKETSPHINX_DEFAULTS, type SpeakerVoice } from '../speech/index.ts';
import { storyfileSpeakerModels } from './transcripts.tables.ts';

/**
 * The storyfile's voice (issue 52) in the media store: each revision's files under
 * `speaker-models/<storyfile>/r<revision>/`, the MLLR transform (`mllr_matrix`, ~5 KB) or MAP's
 * `means` and `variances` (~0.8 MB each), and put back together for the decoder: MAP's files
 * beside links to the rest of the base model.
 */

export type SpeakerModelRow = typeof storyfileSpeakerModels.$inferSelect;

export const getSpeakerModelPrefix = (storyfileId: string, revision: number) =>
  `speaker-models/${storyfileId}/r${revision}`;

/** The files each method keeps. */
export const SPEAKER_MODEL_FILES = { mllr: ['mllr_matrix'], map: ['means', 'variances'] } as const;

/** The storyfile's latest voice, or null while it has none. */
export async function findSpeakerModel(
  db: Pick<Database, 'select'>,
  storyfileId: string,
): Promise<SpeakerModelRow | null> {
  const [row] = await db
    .select()
    .from(storyfileSpeakerModels)
    .where(eq(storyfileSpeakerModels.storyfileId, storyfileId))
    .orderBy(desc(storyfileSpeakerModels.revision))
    .limit(1);
  return row ?? null;
}

/** Reads a voice's files from the media store into `workDir` as the decoder takes them. */
export async function loadSpeakerVoice(
  mediaStore: MediaStore,
  model: SpeakerModelRow,
  workDir: string,
  baseModel: string = POCKETSPHINX_DEFAULTS.acousticModel,
): Promise<SpeakerVoice> {
  const dir = path.join(workDir, `voice-r${model.revision}`);
  await mkdir(dir, { recursive: true });
  for (const name of model.files) {
    await pipeline(
      await mediaStore.read(`${model.storagePrefix}/${name}`),
      createWriteStream(path.join(dir, name)),
    );
  }
  if (model.method === 'mllr') {
    return { acousticModel: baseModel, mllrFile: path.join(dir, 'mllr_matrix') };
  }
  for (const file of await readdir(baseModel)) {
    if (!model.files.includes(file)) {
      await symlink(path.join(baseModel, file), path.join(dir, file));
    }
  }
  return { acousticModel: dir, mllrFile: null };
}
