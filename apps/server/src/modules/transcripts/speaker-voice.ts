import { createWriteStream } from 'node:fs';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { desc, eq, inArray, max } from 'drizzle-orm';
import { z } from 'zod';
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

const SPEAKER_MODELS_FOLDER = 'speaker-models';

export const getSpeakerModelPrefix = (storyfileId: string, revision: number) =>
  `${SPEAKER_MODELS_FOLDER}/${storyfileId}/r${revision}`;

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

/**
 * Maintenance: the voice files no revision needs any more, written before `olderThan` (so a voice
 * being stored is never taken): a deleted storyfile's (its rows went with it) and the revisions
 * older than a storyfile's latest. Returns how many folders were removed.
 */
export async function removeUnusedSpeakerModels(options: {
  db: Pick<Database, 'select'>;
  mediaStore: MediaStore;
  olderThan: Date;
}): Promise<number> {
  const { db, mediaStore, olderThan } = options;
  const storyfileFolders = (await mediaStore.listFolders(SPEAKER_MODELS_FOLDER)).filter(
    (folder) => z.uuid().safeParse(folder.name).success,
  );
  if (storyfileFolders.length === 0) {
    return 0;
  }
  const latest = new Map(
    (
      await db
        .select({
          storyfileId: storyfileSpeakerModels.storyfileId,
          revision: max(storyfileSpeakerModels.revision),
        })
        .from(storyfileSpeakerModels)
        .where(
          inArray(
            storyfileSpeakerModels.storyfileId,
            storyfileFolders.map((folder) => folder.name),
          ),
        )
        .groupBy(storyfileSpeakerModels.storyfileId)
    ).map((row) => [row.storyfileId, row.revision]),
  );
  let removed = 0;
  for (const folder of storyfileFolders) {
    const revision = latest.get(folder.name);
    const prefix = `${SPEAKER_MODELS_FOLDER}/${folder.name}`;
    for (const revisionFolder of await mediaStore.listFolders(prefix)) {
      if (revisionFolder.name !== `r${revision}` && revisionFolder.modifiedAt < olderThan) {
        await mediaStore.deletePrefix(`${prefix}/${revisionFolder.name}`);
        removed += 1;
      }
    }
  }
  return removed;
}
