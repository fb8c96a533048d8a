import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatPackageExpiredMessage,
  STORYFILE_PACKAGE_UPLOAD_MESSAGES,
} from '@conversa/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createFileMediaStore } from '../../media/media-store.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { openTestDatabase } from '../../../test/studio.ts';
import { makeTempDir } from '../../../test/upload.fixtures.ts';
import { sweepExpiredPackages } from './package-sweep.ts';
import { storyfilePackageJobs } from './packages.tables.ts';

const HOUR = 3600 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

let handle: DatabaseHandle;
let mediaDir: string;

beforeAll(async () => {
  [handle, mediaDir] = await Promise.all([
    openTestDatabase(),
    makeTempDir('conversa-package-sweep-'),
  ]);
});
afterAll(async () => {
  await handle?.close();
});

/** A package folder in the media store, as an export writes it, last written `hours` ago. */
async function writePackageFolder(name: string, hours: number): Promise<string> {
  const folder = path.join(mediaDir, 'packages', name);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'package.zip'), 'PK');
  await utimes(folder, hoursAgo(hours), hoursAgo(hours));
  return folder;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('the sweep of storyfile packages past PACKAGE_RETENTION_HOURS', () => {
  it('deletes old exports (their job says so), folders no export keeps, and package uploads no import used', async () => {
    const { db } = handle;
    const [namespace] = await db
      .insert(namespaces)
      .values({ label: 'Package sweep' })
      .returning({ id: namespaces.id });
    const namespaceId = namespace!.id;
    const exportJob = (updatedAt: Date) => ({
      kind: 'export' as const,
      state: 'done' as const,
      namespaceId,
      storyfileName: 'Grandma Rose',
      fileName: 'Grandma Rose.zip',
      updatedAt,
    });
    const [oldExport, freshExport] = await db
      .insert(storyfilePackageJobs)
      .values([exportJob(hoursAgo(25)), exportJob(hoursAgo(1))])
      .returning({ id: storyfilePackageJobs.id });
    for (const job of [oldExport!, freshExport!]) {
      await db
        .update(storyfilePackageJobs)
        .set({ storageKey: `packages/${job.id}/package.zip` })
        .where(eq(storyfilePackageJobs.id, job.id));
    }
    // The update above moved updated_at to now: put the old one back in the past.
    await db
      .update(storyfilePackageJobs)
      .set({ updatedAt: hoursAgo(25) })
      .where(eq(storyfilePackageJobs.id, oldExport!.id));
    const oldExportFolder = await writePackageFolder(oldExport!.id, 25);
    const freshExportFolder = await writePackageFolder(freshExport!.id, 1);
    const orphanOld = await writePackageFolder('c0ffee00-0000-4000-8000-000000000000', 30);
    const orphanFresh = await writePackageFolder('c0ffee00-0000-4000-8000-000000000001', 2);

    const packageUpload = (id: string, uploadedAt: Date) => ({
      id,
      tusId: id,
      kind: 'package' as const,
      filename: `${id}.zip`,
      sizeBytes: 2,
      phase: 'ready' as const,
      uploadedAt,
      processedAt: uploadedAt,
    });
    await db
      .insert(uploads)
      .values([
        packageUpload('unused-old', hoursAgo(25)),
        packageUpload('imported-old', hoursAgo(48)),
        packageUpload('failed-import-old', hoursAgo(30)),
        packageUpload('unused-fresh', hoursAgo(3)),
      ]);
    await db.insert(storyfilePackageJobs).values([
      {
        kind: 'import',
        state: 'done',
        namespaceId,
        storyfileName: 'Imported',
        uploadId: 'imported-old',
      },
      {
        kind: 'import',
        state: 'failed',
        namespaceId,
        storyfileName: 'Refused',
        uploadId: 'failed-import-old',
      },
    ]);
    const removed: string[] = [];
    const uploadStorage = {
      remove: vi.fn((tusId: string) => {
        removed.push(tusId);
        return Promise.resolve();
      }),
    };

    const report = await sweepExpiredPackages({
      db,
      mediaStore: createFileMediaStore(mediaDir),
      uploadStorage,
      retentionHours: 24,
    });

    expect(report).toEqual({ expiredExports: 1, removedPackageFolders: 2, expiredUploads: 2 });
    const jobs = await db
      .select()
      .from(storyfilePackageJobs)
      .where(inArray(storyfilePackageJobs.id, [oldExport!.id, freshExport!.id]));
    expect(jobs.find((job) => job.id === oldExport!.id)).toMatchObject({
      state: 'failed',
      storageKey: null,
      error:
        'The package is kept for 24 hours after it is made and has been deleted. Export again to download it.',
    });
    expect(formatPackageExpiredMessage(24)).toBe(jobs.find((j) => j.id === oldExport!.id)!.error);
    expect(jobs.find((job) => job.id === freshExport!.id)).toMatchObject({ state: 'done' });
    expect(await exists(oldExportFolder)).toBe(false);
    expect(await exists(orphanOld)).toBe(false);
    expect(await exists(freshExportFolder)).toBe(true);
    expect(await exists(orphanFresh)).toBe(true);

    expect(removed.sort()).toEqual(['failed-import-old', 'unused-old']);
    const rows = await db.select().from(uploads).where(eq(uploads.kind, 'package'));
    const phaseOf = (id: string) => rows.find((row) => row.id === id);
    expect(phaseOf('unused-old')).toMatchObject({
      phase: 'failed',
      error: STORYFILE_PACKAGE_UPLOAD_MESSAGES.expired,
    });
    expect(STORYFILE_PACKAGE_UPLOAD_MESSAGES.expired).toBe(
      'This package upload was not imported in time and is no longer kept. Upload the package again.',
    );
    expect(phaseOf('failed-import-old')).toMatchObject({ phase: 'failed' });
    expect(phaseOf('imported-old')).toMatchObject({ phase: 'ready' });
    expect(phaseOf('unused-fresh')).toMatchObject({ phase: 'ready' });

    // A second round (another replica, the next hour) finds nothing more.
    expect(
      await sweepExpiredPackages({
        db,
        mediaStore: createFileMediaStore(mediaDir),
        uploadStorage,
        retentionHours: 24,
      }),
    ).toEqual({ expiredExports: 0, removedPackageFolders: 0, expiredUploads: 0 });
  });
});
