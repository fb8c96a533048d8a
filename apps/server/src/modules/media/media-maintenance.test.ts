import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEDIA_FILES, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { loadConfig } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mediaAssets } from './media.tables.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import {
  storyfileQuestions,
  storyfiles,
  storyfileTopics,
} from '../storyfiles/storyfiles.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { createFileMediaStore } from '../../media/media-store.ts';
import { createUploadStorage } from '../uploads/index.ts';
import { openTestDatabase } from '../../../test/studio.ts';
import { makeTempDir } from '../../../test/upload.fixtures.ts';
import { runMediaMaintenance, UNREFERENCED_MEDIA_GRACE_MS } from './media-maintenance.ts';

let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  [handle, dataDir] = await Promise.all([openTestDatabase(), makeTempDir('conversa-maintenance-')]);
});

afterAll(async () => {
  await handle?.close();
});

async function makeFolder(name: string, ageMs: number): Promise<void> {
  const folder = path.join(dataDir, 'media', 'videos', name);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, MEDIA_FILES.video.name), 'mp4');
  const when = new Date(Date.now() - ageMs);
  await utimes(folder, when, when);
}

describe('media maintenance', () => {
  it('expires unfinished uploads and deletes only the media nothing refers to', async () => {
    const { db } = handle;
    const config = loadConfig({ DATA_DIR: dataDir });
    const storage = createUploadStorage(config.media, dataDir);
    const mediaStore = createFileMediaStore(path.join(dataDir, 'media'));

    const day = 24 * 3600 * 1000;
    await db.insert(uploads).values([
      {
        id: 'a'.repeat(32),
        tusId: 'a'.repeat(32),
        kind: 'avatar',
        resourceType: 'user',
        resourceId: 'u',
        createdAt: new Date(Date.now() - 2 * day),
      },
      {
        id: 'b'.repeat(32),
        tusId: 'b'.repeat(32),
        kind: 'avatar',
        resourceType: 'user',
        resourceId: 'u',
      },
    ]);
    const [namespace] = await db.insert(namespaces).values({ label: 'n' }).returning();
    const [storyfile] = await db
      .insert(storyfiles)
      .values({ namespaceId: namespace!.id, name: 's' })
      .returning();
    const [topic] = await db
      .insert(storyfileTopics)
      .values({ storyfileId: storyfile!.id, name: 't', position: 0 })
      .returning();
    const [question] = await db
      .insert(storyfileQuestions)
      .values({
        storyfileId: storyfile!.id,
        storyfileTopicId: topic!.id,
        text: 'q?',
        textKey: 'q',
        position: 0,
      })
      .returning();
    const kept = 'c'.repeat(32);
    await db.insert(uploads).values({
      id: kept,
      tusId: kept,
      kind: 'answer',
      storyfileId: storyfile!.id,
      storyfileQuestionId: question!.id,
      phase: 'ready',
    });
    const file = { ...MEDIA_FILES.video, sizeBytes: 3 };
    await db.insert(mediaAssets).values({
      uploadId: kept,
      storyfileId: storyfile!.id,
      storyfileQuestionId: question!.id,
      storagePrefix: `videos/${kept}`,
      files: { video: file, poster: file, audio: file },
      durationMs: 1000,
      width: 2,
      height: 2,
    });
    const old = UNREFERENCED_MEDIA_GRACE_MS + 60_000;
    await makeFolder(kept, old);
    await makeFolder('d'.repeat(32), old);
    await makeFolder('e'.repeat(32), 1000);

    const report = await runMediaMaintenance({
      db,
      uploadStorage: storage,
      mediaStore,
      uploadExpirationMs: day,
    });
    expect(report).toEqual({
      expiredUploads: 1,
      sweptFailedUploads: 0,
      removedMediaFolders: 1,
      removedStagingFolders: 0,
    });
    const rows = await db.select().from(uploads).where(eq(uploads.kind, 'avatar'));
    expect(rows.map((row) => [row.id[0], row.phase, row.error]).sort()).toEqual([
      ['a', 'failed', VIDEO_PROCESSING_MESSAGES.expired],
      ['b', 'uploading', null],
    ]);
    // The referenced folder stays, the young one too (a job may be about to commit it).
    expect((await readdir(path.join(dataDir, 'media', 'videos'))).sort()).toEqual([
      kept,
      'e'.repeat(32),
    ]);
  });

  it("keeps a failed video's complete bytes for Try again during the window, then deletes them", async () => {
    const { db } = handle;
    const config = loadConfig({ DATA_DIR: dataDir });
    const storage = createUploadStorage(config.media, dataDir);
    const mediaStore = createFileMediaStore(path.join(dataDir, 'media'));
    const day = 24 * 3600 * 1000;
    const [namespace] = await db.insert(namespaces).values({ label: 'failed' }).returning();
    const [storyfile] = await db
      .insert(storyfiles)
      .values({ namespaceId: namespace!.id, name: 'f' })
      .returning();
    // Two complete uploads whose processing failed on our side: one a day and a minute ago, one
    // just now. tus's own deleteExpired spares both (it only removes unfinished uploads).
    const bytes = Buffer.from('0123456789');
    const failedAt = { old: new Date(Date.now() - day - 60_000), fresh: new Date() };
    for (const [name, processedAt] of Object.entries(failedAt)) {
      const id = (name === 'old' ? '1' : '2').repeat(32);
      await storage.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
      await storage.datastore.write(Readable.from([bytes]), id, 0);
      await db.insert(uploads).values({
        id,
        tusId: id,
        kind: 'clip',
        storyfileId: storyfile!.id,
        clipKind: 'idle',
        sizeBytes: bytes.length,
        phase: 'failed',
        error: VIDEO_PROCESSING_MESSAGES.failed,
        processedAt,
        createdAt: new Date(processedAt.getTime() - 60_000),
      });
    }
    const run = () =>
      runMediaMaintenance({ db, uploadStorage: storage, mediaStore, uploadExpirationMs: day });
    expect((await run()).sweptFailedUploads).toBe(1);
    expect(await storage.getProgress('1'.repeat(32))).toBeNull();
    expect(await storage.getProgress('2'.repeat(32))).toEqual({ offset: 10, size: 10 });
    const rows = await db
      .select({ id: uploads.id, phase: uploads.phase, error: uploads.error })
      .from(uploads)
      .where(eq(uploads.storyfileId, storyfile!.id));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '1'.repeat(32), phase: 'failed', error: VIDEO_PROCESSING_MESSAGES.failedFileGone },
      { id: '2'.repeat(32), phase: 'failed', error: VIDEO_PROCESSING_MESSAGES.failed },
    ]);
    // Once swept, a row is not looked at again.
    expect((await run()).sweptFailedUploads).toBe(0);
  });
});
