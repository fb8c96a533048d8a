import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { formatPackageExpiredMessage } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { expireIdlePackageUploads, type UploadStorage } from '../uploads/index.ts';
import { storyfilePackageJobs } from './packages.tables.ts';

/** The media-store folder that holds exported packages, one sub-folder per export job. */
const PACKAGES_FOLDER = 'packages';

export interface PackageSweepReport {
  /** Export jobs whose package was deleted (they now say so and offer to export again). */
  expiredExports: number;
  /** Package folders deleted from the media store (expired exports, and folders no job keeps). */
  removedPackageFolders: number;
  /** Package uploads nobody imported, whose bytes were deleted. */
  expiredUploads: number;
}

/**
 * Deletes what storyfile packages leave behind once `retentionHours` have passed (hourly
 * maintenance): exported packages (their job turns failed with a sentence that says so, before the
 * bytes go, so no link is handed out to a deleted file), package folders no finished export keeps
 * (an export that failed after writing, a job deleted with its namespace), and complete package
 * uploads no import used. Safe on several replicas at once: each step only deletes what the
 * previous one left unreferenced.
 */
export async function sweepExpiredPackages(options: {
  db: Database;
  mediaStore: MediaStore;
  uploadStorage: Pick<UploadStorage, 'remove'>;
  retentionHours: number;
  now?: number;
}): Promise<PackageSweepReport> {
  const { db, mediaStore } = options;
  const cutoff = new Date((options.now ?? Date.now()) - options.retentionHours * 3600 * 1000);
  const expired = await db
    .update(storyfilePackageJobs)
    .set({
      state: 'failed',
      storageKey: null,
      error: formatPackageExpiredMessage(options.retentionHours),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(storyfilePackageJobs.kind, 'export'),
        eq(storyfilePackageJobs.state, 'done'),
        isNotNull(storyfilePackageJobs.storageKey),
        lt(storyfilePackageJobs.updatedAt, cutoff),
      ),
    )
    .returning({ id: storyfilePackageJobs.id });

  const oldFolders = (await mediaStore.listFolders(PACKAGES_FOLDER))
    .filter((folder) => folder.modifiedAt < cutoff)
    .map((folder) => folder.name);
  const kept = new Set(
    oldFolders.length === 0
      ? []
      : (
          await db
            .select({ id: storyfilePackageJobs.id })
            .from(storyfilePackageJobs)
            .where(
              and(
                sql`${storyfilePackageJobs.id}::text = any(${sql.param(oldFolders)}::text[])`,
                inArray(storyfilePackageJobs.state, ['queued', 'running', 'done']),
              ),
            )
        ).map((row) => row.id),
  );
  const removable = oldFolders.filter((name) => !kept.has(name));
  for (const name of removable) {
    await mediaStore.deletePrefix(`${PACKAGES_FOLDER}/${name}`);
  }

  const expiredUploads = await expireIdlePackageUploads(
    db,
    options.uploadStorage,
    cutoff,
    sql`select ${storyfilePackageJobs.uploadId} from ${storyfilePackageJobs}
      where ${storyfilePackageJobs.uploadId} is not null and ${storyfilePackageJobs.state} <> 'failed'`,
  );
  return {
    expiredExports: expired.length,
    removedPackageFolders: removable.length,
    expiredUploads: expiredUploads.length,
  };
}
