import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  STORYFILE_PACKAGE_EXTENSION,
  type CurrentUser,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import {
  findLiveStoryfile,
  getPackageKey,
  insertAndQueue,
  PACKAGE_FILE,
  presentJob,
  updateJob,
  type PackageDeps,
  type PackageJobRow,
} from './package-jobs.ts';
import { writePackage } from './package-writer.ts';
import { readStoryfileSnapshot } from './snapshot.ts';

/** A storyfile's name as a file name: characters file systems refuse become `_`. */
function toFileName(name: string): string {
  return [...name]
    .map((character) =>
      character.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(character) ? '_' : character,
    )
    .join('');
}

export async function startExport(
  deps: PackageDeps,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfilePackageJob> {
  const storyfile = await findLiveStoryfile(deps.db, storyfileId);
  const row = await insertAndQueue(deps, {
    kind: 'export',
    userId: user.iam,
    namespaceId: storyfile.namespaceId,
    storyfileId,
    storyfileName: storyfile.name,
    step: 'Waiting to start',
    fileName: `${toFileName(storyfile.name)}${STORYFILE_PACKAGE_EXTENSION}`,
  });
  return presentJob(row, deps.signer, user.iam);
}

export async function runExport(
  deps: PackageDeps,
  row: PackageJobRow,
  signal: AbortSignal,
): Promise<void> {
  await updateJob(deps.db, row.id, { step: 'Reading the storyfile', progress: 2 });
  const snapshot = await readStoryfileSnapshot(deps.db, row.storyfileId!, deps.publicUrl);
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    const outPath = path.join(workDir, PACKAGE_FILE);
    const total = snapshot.media.length;
    const { sizeBytes } = await writePackage({
      mediaStore: deps.mediaStore,
      manifest: snapshot.manifest,
      media: snapshot.media,
      outPath,
      signal,
      onFile: (index, filePath) =>
        updateJob(deps.db, row.id, {
          step: `Packing ${filePath} (${index + 1} of ${total})`,
          progress: 5 + Math.floor((85 * index) / Math.max(1, total)),
        }),
    });
    await updateJob(deps.db, row.id, { step: 'Storing the package', progress: 92 });
    const key = getPackageKey(row.id);
    await deps.mediaStore.publishFile(outPath, key, 'application/zip');
    await updateJob(deps.db, row.id, {
      state: 'done',
      progress: 100,
      step: 'Done',
      storageKey: key,
      sizeBytes,
      error: null,
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
