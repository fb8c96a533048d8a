import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { STORYFILE_PACKAGE_UPLOAD_MESSAGES, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { uploads } from './uploads.tables.ts';
import type { UploadStorage } from './upload-storage.ts';

// The maintenance sweeps of uploads (run by the assembly's maintenance, never by a person): videos
// whose job ran out of retries, failed videos' bytes past their retention, unfinished uploads past
// their expiration, package uploads nobody imported.

/**
 * Videos still `processing` whose job ran out of retries (its worker died on every attempt, so the
 * job's own last-attempt handler never ran): they fail with the message a person reads, and can
 * be tried again (`retryUploadProcessing`). Returns the ids changed.
 */
export async function failUploadsOfFailedJobs(
  db: Database,
  uploadIds: string[],
): Promise<string[]> {
  if (uploadIds.length === 0) {
    return [];
  }
  const failed = await db
    .update(uploads)
    .set({
      phase: 'failed',
      error: VIDEO_PROCESSING_MESSAGES.failed,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploads.phase, 'processing'), inArray(uploads.id, uploadIds)))
    .returning({ id: uploads.id });
  return failed.map((row) => row.id);
}

/** These failed videos' bytes are gone: their message says so, and Try again is no longer offered. */
export async function markFailedFileGone(db: Database, uploadIds: string[]): Promise<void> {
  await db
    .update(uploads)
    .set({ error: VIDEO_PROCESSING_MESSAGES.failedFileGone, updatedAt: sql`now()` })
    .where(
      and(
        inArray(uploads.id, uploadIds),
        eq(uploads.phase, 'failed'),
        eq(uploads.error, VIDEO_PROCESSING_MESSAGES.failed),
      ),
    );
}

/**
 * The bytes of videos whose processing failed on our side are kept for Try again until
 * `failedBefore` (their failure plus the retention window), then deleted here (maintenance): the
 * tus stores' own `deleteExpired` removes only unfinished uploads, so without this sweep a
 * complete upload whose processing failed would stay on disk for good. Returns the ids swept.
 */
export async function removeBytesOfFailedUploads(
  db: Database,
  storage: Pick<UploadStorage, 'remove'>,
  failedBefore: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: uploads.id, tusId: uploads.tusId })
    .from(uploads)
    .where(
      and(
        eq(uploads.phase, 'failed'),
        eq(uploads.error, VIDEO_PROCESSING_MESSAGES.failed),
        lt(uploads.processedAt, failedBefore),
      ),
    );
  if (rows.length === 0) {
    return [];
  }
  // The message first: a Try again racing this sweep is refused, never started on vanishing bytes.
  await markFailedFileGone(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    await storage.remove(row.tusId);
  }
  return rows.map((row) => row.id);
}

/**
 * Unfinished uploads older than the expiration: the tus store deletes their bytes; here they
 * become failed with a message, so nobody waits on them. Returns their tus ids.
 */
export async function expireUnfinishedUploads(db: Database, olderThan: Date): Promise<string[]> {
  const expired = await db
    .update(uploads)
    .set({
      phase: 'failed',
      error: VIDEO_PROCESSING_MESSAGES.expired,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploads.phase, 'uploading'), lt(uploads.createdAt, olderThan)))
    .returning({ tusId: uploads.tusId });
  return expired.map((row) => row.tusId);
}

/**
 * Storyfile package uploads complete before `uploadedBefore` that no import holds (`usedUploadIds`:
 * the packages module's subquery of upload ids with a queued, running or done import; it must
 * yield no null, or `not in` matches nothing) become
 * failed with the sentence a later import answers, then their bytes are deleted. The row changes
 * first and only from `ready`, so an import starting now is refused rather than handed vanishing
 * bytes. Returns the ids swept.
 */
export async function expireIdlePackageUploads(
  db: Database,
  storage: Pick<UploadStorage, 'remove'>,
  uploadedBefore: Date,
  usedUploadIds: SQL,
): Promise<string[]> {
  const expired = await db
    .update(uploads)
    .set({
      phase: 'failed',
      error: STORYFILE_PACKAGE_UPLOAD_MESSAGES.expired,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(uploads.kind, 'package'),
        eq(uploads.phase, 'ready'),
        lt(uploads.uploadedAt, uploadedBefore),
        sql`${uploads.id} not in (${usedUploadIds})`,
      ),
    )
    .returning({ id: uploads.id, tusId: uploads.tusId });
  for (const row of expired) {
    await storage.remove(row.tusId);
  }
  return expired.map((row) => row.id);
}
