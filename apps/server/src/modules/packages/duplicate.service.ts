import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DUPLICATE_NAME_SUFFIX,
  formatStoryfileNameTakenMessage,
  type CurrentUser,
  type DuplicateStoryfileBody,
  type StoryfileDetail,
} from '@conversa/contracts';
import { conflict } from '../../http/errors.ts';
import { getStoryfileDetail } from '../storyfiles/index.ts';
import {
  chooseImportName,
  createStoryfileFromManifest,
  publishMediaPlan,
} from './create-storyfile.ts';
import type { Manifest } from './manifest.ts';
import { createMeasuringStream } from './measuring-stream.ts';
import { findLiveStoryfile, type PackageDeps } from './package-jobs.ts';
import { readStoryfileSnapshot } from './snapshot.ts';

/**
 * Duplicates a storyfile in its namespace through the import's path, without a file: the same
 * snapshot an export writes, its media copied from the store into staging (checksummed as they
 * go), the same one-transaction creation, the media published after the commit.
 */
export async function duplicateStoryfile(
  deps: Pick<PackageDeps, 'db' | 'mediaStore' | 'publicUrl'>,
  user: CurrentUser,
  storyfileId: string,
  body: DuplicateStoryfileBody,
): Promise<StoryfileDetail> {
  const storyfile = await findLiveStoryfile(deps.db, storyfileId);
  const snapshot = await readStoryfileSnapshot(deps.db, storyfileId, deps.publicUrl);
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    const unpacked = new Map<string, string>();
    const files: Manifest['files'] = [];
    for (const [index, media] of snapshot.media.entries()) {
      const target = path.join(workDir, `file-${index}`);
      const { stream: tap, measure } = createMeasuringStream();
      await pipeline(await deps.mediaStore.read(media.key), tap, createWriteStream(target));
      unpacked.set(media.path, target);
      files.push({ path: media.path, ...measure(), contentType: media.contentType });
    }
    const manifest: Manifest = { ...snapshot.manifest, files };
    const { name, isNameTaken } = await chooseImportName(
      deps.db,
      storyfile.namespaceId,
      storyfile.name,
      body.name,
      DUPLICATE_NAME_SUFFIX,
    );
    if (body.name !== undefined && isNameTaken) {
      throw conflict(formatStoryfileNameTakenMessage(body.name));
    }
    const created = await createStoryfileFromManifest(deps.db, {
      manifest,
      namespaceId: storyfile.namespaceId,
      name,
      userId: user.iam,
    });
    await publishMediaPlan(deps.mediaStore, created.plan, unpacked);
    return await getStoryfileDetail(deps.db, created.storyfileId);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
