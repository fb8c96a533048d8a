import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { OPTIONAL_MEDIA_FILES } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../lists/index.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { makeWorkFolder } from '../../media/work-folders.ts';
import { mediaAssets, type MediaAssetFile } from './media.tables.ts';

/**
 * Sets a video's captions to `vtt` (a WebVTT file), as revision `revision` of its transcript: the
 * file gets a name of its own (`captions-r<revision>.vtt`), so a URL signed for an older version
 * never serves the new words from a cache, and every signed URL, package and copy of the asset
 * takes them up as they take up uploaded captions. The file is in the store before the row names
 * it; the file it replaces is deleted after. Returns false when the asset is gone.
 */
export async function replaceAssetCaptions(
  db: Executor,
  store: MediaStore,
  assetId: string,
  vtt: string,
  revision: number,
): Promise<boolean> {
  const [asset] = await db
    .select({ storagePrefix: mediaAssets.storagePrefix, files: mediaAssets.files })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, assetId));
  if (!asset) {
    return false;
  }
  const name = `captions-r${revision}.vtt`;
  const bytes = Buffer.from(vtt, 'utf8');
  const workDir = await makeWorkFolder(tmpdir(), 'conversa-media-');
  try {
    const local = path.join(workDir, name);
    await writeFile(local, bytes);
    await store.publishFile(
      local,
      `${asset.storagePrefix}/${name}`,
      OPTIONAL_MEDIA_FILES.captions.contentType,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const file: MediaAssetFile = {
    name,
    contentType: OPTIONAL_MEDIA_FILES.captions.contentType,
    sizeBytes: bytes.length,
  };
  const updated = await db
    .update(mediaAssets)
    .set({
      files: sql`${mediaAssets.files} || jsonb_build_object('captions', ${JSON.stringify(file)}::jsonb)`,
    })
    .where(eq(mediaAssets.id, assetId))
    .returning({ id: mediaAssets.id });
  const previous = asset.files.captions?.name;
  if (updated.length === 0) {
    await store.deleteKey(`${asset.storagePrefix}/${name}`).catch(() => undefined);
    return false;
  }
  if (previous && previous !== name) {
    await store.deleteKey(`${asset.storagePrefix}/${previous}`).catch(() => undefined);
  }
  return true;
}

/** The WebVTT text of a video's captions, or null when it has none (or it cannot be read). */
export async function readAssetCaptions(
  db: Database,
  store: MediaStore,
  assetId: string,
): Promise<string | null> {
  const [asset] = await db
    .select({ storagePrefix: mediaAssets.storagePrefix, files: mediaAssets.files })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, assetId));
  const captions = asset?.files.captions;
  if (!asset || !captions || captions.sizeBytes > 1_000_000) {
    return null;
  }
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(`${asset.storagePrefix}/${captions.name}`)) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return null;
  }
}
