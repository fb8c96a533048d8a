import { and, eq, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  AVATAR_MAX_BYTES,
  avatarResourceTypeSchema,
  clipKindSchema,
  isAcceptedAvatarType,
  isAcceptedVideoFile,
  PACKAGE_UPLOAD_KIND,
  RETRY_UPLOAD_MESSAGES,
  UPLOAD_METADATA_KEYS,
  UPLOAD_REJECTION_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
  type CurrentUser,
  type UploadStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { uploads } from './uploads.tables.ts';
import { toSqlExecutor, type JobQueue } from '../../jobs/queue.ts';
import { checkTrialAllows, type TrialDecision, type TrialUsage } from '../promo-codes/index.ts';
import { isUploadComplete, type UploadStorage } from './upload-storage.ts';
import { markFailedFileGone } from './upload-maintenance.ts';
import {
  canEditStoryfileTarget,
  canSetAvatar,
  type AccessDecision,
  type StoryfileNamespaceLookup,
} from './upload-access.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/** Refuses an upload; the tus endpoint answers with the status and the message as its body. */
export class UploadRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejectedError';
  }
}

function rejectUnless(decision: AccessDecision): void {
  if (!decision.ok) {
    throw new UploadRejectedError(decision.status, decision.message);
  }
}

/** A running trial's refusal past its recorded-answer limit (ended trials: the gateway's guard). */
function rejectUnlessTrialAllows(decision: TrialDecision): void {
  if (!decision.ok) {
    throw new UploadRejectedError(403, decision.message);
  }
}

/** The upload id of spec §7: the tus id up to any `+` (stores like tusd's S3 add `+<part id>`). */
export function toUploadId(tusId: string): string {
  return tusId.split('+')[0]!;
}

type Metadata = Record<string, string | null | undefined>;

const text = (metadata: Metadata, key: string): string | undefined => {
  const value = metadata[key]?.trim();
  return value ? value.slice(0, 500) : undefined;
};

/**
 * Reads and authorizes the metadata of a new upload, or throws UploadRejectedError. Returns the
 * row to record and the metadata to keep (without any `authorization` value: tokens are never
 * stored with an upload).
 */
export async function prepareUpload(
  deps: {
    db: Database;
    lookup: StoryfileNamespaceLookup | null;
    maxBytes: number;
    trialUsage: TrialUsage;
  },
  user: CurrentUser,
  input: { tusId: string; sizeBytes: number | undefined; metadata: Metadata },
): Promise<{ row: NewUploadRow; metadata: Record<string, string> }> {
  const { metadata } = input;
  const keep = Object.fromEntries(
    Object.entries(metadata).flatMap(([key, value]) =>
      key.toLowerCase() === 'authorization' || value == null ? [] : [[key, value]],
    ),
  );
  const storyfileId = text(metadata, UPLOAD_METADATA_KEYS.storyfileId);
  const resourceType = text(metadata, UPLOAD_METADATA_KEYS.resourceType);
  const filename = text(metadata, UPLOAD_METADATA_KEYS.filename) ?? null;
  const filetype = text(metadata, UPLOAD_METADATA_KEYS.filetype) ?? null;
  if (storyfileId && resourceType) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.bothTargets);
  }
  const base = {
    id: toUploadId(input.tusId),
    tusId: input.tusId,
    userId: user.iam,
    filename,
    filetype,
    sizeBytes: input.sizeBytes ?? null,
  };

  // A storyfile package to import (issue 31): kept as uploaded; the namespace is chosen later,
  // and the import checks the caller's role there.
  if (text(metadata, UPLOAD_METADATA_KEYS.uploadKind) === PACKAGE_UPLOAD_KIND) {
    if (storyfileId || resourceType) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.bothTargets);
    }
    const isZip =
      (filename ?? '').toLowerCase().endsWith('.zip') ||
      ['application/zip', 'application/x-zip-compressed'].includes(
        (filetype ?? '').split(';')[0]!.trim().toLowerCase(),
      );
    if (!isZip) {
      throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.packageType);
    }
    if (input.sizeBytes !== undefined && input.sizeBytes > deps.maxBytes) {
      throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
    }
    return { row: { ...base, kind: 'package' }, metadata: keep };
  }

  if (resourceType) {
    const type = avatarResourceTypeSchema.safeParse(resourceType);
    const resourceId = text(metadata, UPLOAD_METADATA_KEYS.resourceId);
    if (!type.success) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.unknownResourceType);
    }
    if (!resourceId) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
    }
    if (!isAcceptedAvatarType(filetype)) {
      throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.avatarType);
    }
    if (input.sizeBytes !== undefined && input.sizeBytes > AVATAR_MAX_BYTES) {
      throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
    }
    rejectUnless(await canSetAvatar(deps.db, user, type.data, resourceId, deps.lookup));
    return {
      row: { ...base, kind: 'avatar', resourceType: type.data, resourceId },
      metadata: keep,
    };
  }

  if (!storyfileId) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
  }
  const questionId = text(metadata, UPLOAD_METADATA_KEYS.questionId);
  const clipKindText = text(metadata, UPLOAD_METADATA_KEYS.clipKind);
  if (Boolean(questionId) === Boolean(clipKindText)) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
  }
  if (!isAcceptedVideoFile(filetype, filename)) {
    throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.videoType);
  }
  if (input.sizeBytes !== undefined && input.sizeBytes > deps.maxBytes) {
    throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
  }
  if (clipKindText) {
    const clipKind = clipKindSchema.safeParse(clipKindText);
    if (!clipKind.success) {
      throw new UploadRejectedError(404, UPLOAD_REJECTION_MESSAGES.unknownClipKind);
    }
    rejectUnless(
      await canEditStoryfileTarget(
        deps.db,
        user,
        { storyfileId, target: { clipKind: clipKind.data } },
        deps.lookup,
      ),
    );
    return {
      row: { ...base, kind: 'clip', storyfileId, clipKind: clipKind.data },
      metadata: keep,
    };
  }
  rejectUnless(
    await canEditStoryfileTarget(
      deps.db,
      user,
      { storyfileId, target: { questionId: questionId! } },
      deps.lookup,
    ),
  );
  rejectUnlessTrialAllows(
    await checkTrialAllows(deps.db, deps.trialUsage, {
      kind: 'answer',
      storyfileId,
      questionId: questionId!,
    }),
  );
  return {
    row: { ...base, kind: 'answer', storyfileId, storyfileQuestionId: questionId! },
    metadata: keep,
  };
}

/**
 * Records a new upload. An answer video is counted against a trial's recorded-answer limit again
 * here, with the trial locked and in the insert's transaction: an upload in flight counts, so two
 * parallel uploads cannot both take the last recorded answer.
 */
export async function recordUpload(
  db: Database,
  trialUsage: TrialUsage,
  row: NewUploadRow,
): Promise<void> {
  if (row.kind !== 'answer') {
    await db.insert(uploads).values(row);
    return;
  }
  await db.transaction(async (tx) => {
    rejectUnlessTrialAllows(
      await checkTrialAllows(
        tx,
        trialUsage,
        { kind: 'answer', storyfileId: row.storyfileId!, questionId: row.storyfileQuestionId! },
        { lock: true },
      ),
    );
    await tx.insert(uploads).values(row);
  });
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

/**
 * The last byte of a video arrived: mark it processing and queue its job in one transaction, so
 * a crash in between leaves either an upload still to finish or a queued job, never a finished
 * upload nobody processes. A second call (the client retried its last PATCH) changes nothing.
 */
export async function queueVideoProcessing(
  pool: pg.Pool,
  jobs: JobQueue,
  uploadId: string,
  sizeBytes: number,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const tx = drizzle(client);
    const updated = await tx
      .update(uploads)
      .set({ phase: 'processing', sizeBytes, uploadedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(uploads.id, uploadId), eq(uploads.phase, 'uploading')))
      .returning({ id: uploads.id });
    if (updated.length > 0) {
      await jobs.enqueueVideoProcessing(uploadId, toSqlExecutor(client));
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  jobs.wakeWorkers();
}

/**
 * Videos whose bytes are all in while their row still says `uploading`: the server or the database
 * died between the last byte and the commit that queues processing. tus clients that find the
 * offset at the length by HEAD send nothing more, so nothing else would ever queue them. Queues
 * each (idempotent: a live last PATCH racing this queues the same job once). Returns their ids.
 */
export async function queueCompleteUploads(deps: {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  storage: Pick<UploadStorage, 'getProgress'>;
}): Promise<string[]> {
  const rows = await deps.db
    .select({ id: uploads.id, tusId: uploads.tusId })
    .from(uploads)
    .where(
      and(eq(uploads.phase, 'uploading'), ne(uploads.kind, 'avatar'), ne(uploads.kind, 'package')),
    );
  const queued: string[] = [];
  for (const row of rows) {
    const progress = await deps.storage.getProgress(row.tusId);
    if (isUploadComplete(progress)) {
      await queueVideoProcessing(deps.pool, deps.jobs, row.id, progress!.size!);
      queued.push(row.id);
    }
  }
  return queued;
}

/**
 * A person's "try again" on a video whose processing failed on our side: with its bytes still
 * held, it goes back to `processing` with a fresh job, in one transaction. Null when the caller
 * may not manage it (not found); `{ refused }` with the sentence to show when it cannot be retried:
 * refused for its content, cancelled, expired or already retried (`notRetryable`), or its bytes
 * are gone (`fileGone`: kept FAILED_UPLOAD_RETENTION_MS after the failure, or lost), in which case
 * the row says so too, so the status call stops offering Try again.
 */
export async function retryUploadProcessing(
  deps: {
    db: Database;
    pool: pg.Pool;
    jobs: JobQueue;
    storage: Pick<UploadStorage, 'getProgress'>;
  },
  user: CurrentUser,
  uploadId: string,
): Promise<UploadStatus | null | { refused: string }> {
  const row = await findUpload(deps.db, toUploadId(uploadId));
  if (!row || !canManageUpload(user, row)) {
    return null;
  }
  if (row.kind !== 'avatar' && row.phase === 'failed') {
    if (row.error === VIDEO_PROCESSING_MESSAGES.failedFileGone) {
      return { refused: RETRY_UPLOAD_MESSAGES.fileGone };
    }
    if (
      row.error === VIDEO_PROCESSING_MESSAGES.failed &&
      !isUploadComplete(await deps.storage.getProgress(row.tusId))
    ) {
      await markFailedFileGone(deps.db, [row.id]);
      return { refused: RETRY_UPLOAD_MESSAGES.fileGone };
    }
  }
  if (
    row.kind === 'avatar' ||
    row.phase !== 'failed' ||
    row.error !== VIDEO_PROCESSING_MESSAGES.failed
  ) {
    return { refused: RETRY_UPLOAD_MESSAGES.notRetryable };
  }
  const client = await deps.pool.connect();
  try {
    await client.query('begin');
    const updated = await drizzle(client)
      .update(uploads)
      .set({ phase: 'processing', error: null, processedAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(uploads.id, row.id),
          eq(uploads.phase, 'failed'),
          eq(uploads.error, VIDEO_PROCESSING_MESSAGES.failed),
        ),
      )
      .returning({ id: uploads.id });
    if (updated.length === 0) {
      await client.query('rollback');
      return { refused: RETRY_UPLOAD_MESSAGES.notRetryable };
    }
    await deps.jobs.enqueueVideoProcessing(row.id, toSqlExecutor(client), {
      isFreshAttempt: true,
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  deps.jobs.wakeWorkers();
  return { status: 'START', error: null };
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
