import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  MEDIA_ACCESS_TOKEN_PARAM,
  STORYFILE_NOT_FOUND_MESSAGE,
  STORYFILE_PACKAGE_JOB_NOT_FOUND_MESSAGE,
  formatStoryfileDeletedMessage,
  type CurrentUser,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { withPgTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { toSqlExecutor } from '../../jobs/sql-executor.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { MediaUrlSigner } from '../media/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import type { UploadStorage } from '../uploads/index.ts';
import type { PackageLimits } from './package-reader.ts';
import { storyfilePackageJobs } from './packages.tables.ts';

// A package job's row (`storyfile_package_jobs`): what its services share to create, read,
// advance and present it.

export type PackageJobRow = typeof storyfilePackageJobs.$inferSelect;

type StoryfileRow = typeof storyfiles.$inferSelect;

/** The file name of a package in the media store; the download names it after the storyfile. */
export const PACKAGE_FILE = 'package.zip';
/** Where an export's package is kept in the media store. */
export function getPackageKey(jobId: string): string {
  return `packages/${jobId}/${PACKAGE_FILE}`;
}

export interface PackageDeps {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  /** Signs download URLs (the media module's signer: same secret, same token format). */
  signer: MediaUrlSigner;
  /** Named in manifests as the exporting studio. */
  publicUrl: string;
  /** Tests lower the limits to build a bomb cheaply. */
  limits?: PackageLimits;
}

export function presentJob(
  row: PackageJobRow,
  signer: MediaUrlSigner,
  userId: string,
): StoryfilePackageJob {
  let downloadUrl: string | null = null;
  let downloadExpiresAt: string | null = null;
  if (row.kind === 'export' && row.state === 'done' && row.storageKey) {
    const { token, expiresAt } = signer.createToken({
      assetId: row.id,
      file: PACKAGE_FILE,
      userId,
    });
    downloadUrl = `/packages/${row.id}/${PACKAGE_FILE}?${MEDIA_ACCESS_TOKEN_PARAM}=${token}`;
    downloadExpiresAt = expiresAt.toISOString();
  }
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    step: row.step,
    namespaceId: row.namespaceId,
    storyfileId: row.storyfileId,
    storyfileName: row.storyfileName,
    downloadUrl,
    downloadExpiresAt,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Inserts a job row and queues its job in one transaction: a row is queued exactly when it exists. */
export async function insertAndQueue(
  deps: PackageDeps,
  values: typeof storyfilePackageJobs.$inferInsert,
): Promise<PackageJobRow> {
  const row = await withPgTransaction(deps.pool, async (client) => {
    const [inserted] = (await drizzle(client)
      .insert(storyfilePackageJobs)
      .values(values)
      .returning()) as [PackageJobRow];
    await deps.jobs.enqueuePackageJob(inserted.id, toSqlExecutor(client));
    return inserted;
  });
  deps.jobs.wakeWorkers();
  return row;
}

/** A job of the caller (or any, for a platform admin); 404 otherwise. */
export async function getJob(
  deps: Pick<PackageDeps, 'db' | 'signer'>,
  user: CurrentUser,
  jobId: string,
): Promise<StoryfilePackageJob> {
  const [row] = await deps.db
    .select()
    .from(storyfilePackageJobs)
    .where(eq(storyfilePackageJobs.id, jobId));
  if (!row || (!user.isAdmin && row.userId !== user.iam)) {
    throw notFound(STORYFILE_PACKAGE_JOB_NOT_FOUND_MESSAGE);
  }
  return presentJob(row, deps.signer, user.iam);
}

/**
 * The job of a download URL, when it is a finished export with its package stored and its
 * storyfile not deleted (deleting the storyfile revokes its packages' URLs, issue 43), with whom
 * it belongs to: the download route lets only them (and platform admins) have it.
 */
export async function findDownload(
  db: Database,
  jobId: string,
): Promise<{
  key: string;
  fileName: string;
  updatedAt: Date;
  userId: string | null;
  namespaceId: string;
} | null> {
  const [found] = await db
    .select({ job: storyfilePackageJobs, storyfileDeletedAt: storyfiles.deletedAt })
    .from(storyfilePackageJobs)
    .innerJoin(storyfiles, eq(storyfiles.id, storyfilePackageJobs.storyfileId))
    .where(and(eq(storyfilePackageJobs.id, jobId), eq(storyfilePackageJobs.kind, 'export')));
  const row = found?.job;
  return row?.state === 'done' && row.storageKey && !found?.storyfileDeletedAt
    ? {
        key: row.storageKey,
        fileName: row.fileName ?? PACKAGE_FILE,
        updatedAt: row.updatedAt,
        userId: row.userId,
        namespaceId: row.namespaceId,
      }
    : null;
}

export async function updateJob(
  db: Database,
  jobId: string,
  values: Partial<typeof storyfilePackageJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(storyfilePackageJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(storyfilePackageJobs.id, jobId));
}

/** A storyfile to export or duplicate: 404 when unknown, 409 when it is deleted. */
export async function findLiveStoryfile(db: Database, storyfileId: string): Promise<StoryfileRow> {
  const [storyfile] = await db.select().from(storyfiles).where(eq(storyfiles.id, storyfileId));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  if (storyfile.deletedAt) {
    throw conflict(formatStoryfileDeletedMessage(storyfile.nameBeforeDelete ?? storyfile.name));
  }
  return storyfile;
}
