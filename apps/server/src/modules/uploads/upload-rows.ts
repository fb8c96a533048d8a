import { and, eq, sql } from 'drizzle-orm';
import { VIDEO_PROCESSING_MESSAGES, type CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { uploads } from './uploads.tables.ts';

// An upload's row: how it is found, who may manage it, and the phases its bytes move it through.

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/** The upload id of spec §7: the tus id up to any `+` (stores like tusd's S3 add `+<part id>`). */
export function toUploadId(tusId: string): string {
  return tusId.split('+')[0]!;
}

export async function findUpload(db: Database, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  return row;
}

/** Only the person who started an upload (or a platform admin) may resume, probe or end it. */
export function canManageUpload(user: CurrentUser | undefined, row: UploadRow): boolean {
  return user !== undefined && (user.isAdmin || row.userId === user.iam);
}

/**
 * The last byte of a storyfile package arrived: it is ready to preview and import (nothing to
 * process). A second call changes nothing.
 */
export async function markPackageUploaded(
  db: Database,
  uploadId: string,
  sizeBytes: number,
): Promise<void> {
  await db
    .update(uploads)
    .set({
      phase: 'ready',
      sizeBytes,
      uploadedAt: sql`now()`,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploads.id, uploadId), eq(uploads.phase, 'uploading')));
}

export async function markUploadFailed(
  db: Pick<Database, 'update'>,
  uploadId: string,
  message: string,
): Promise<void> {
  await db
    .update(uploads)
    .set({ phase: 'failed', error: message, processedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(uploads.id, uploadId));
}

/**
 * An upload whose bytes became what it was for (a clip's media asset, an avatar). Takes the
 * caller's transaction, so the upload turns ready together with what it produced.
 */
export async function markUploadReady(
  db: Pick<Database, 'update'>,
  uploadId: string,
): Promise<void> {
  await db
    .update(uploads)
    .set({ phase: 'ready', error: null, processedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(uploads.id, uploadId));
}

/** A tus termination (DELETE) of an unfinished upload. */
export async function markUploadCancelled(db: Database, uploadId: string): Promise<void> {
  await db
    .update(uploads)
    .set({ phase: 'cancelled', error: VIDEO_PROCESSING_MESSAGES.cancelled, updatedAt: sql`now()` })
    .where(and(eq(uploads.id, uploadId), eq(uploads.phase, 'uploading')));
}
