import { and, eq, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  RETRY_UPLOAD_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
  type CurrentUser,
  type UploadStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { withPgTransaction } from '../../db/transaction.ts';
import { forbidden } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import {
  assertTrialAllows,
  findReadOnlyOrganizations,
  type TrialUsage,
} from '../promo-codes/index.ts';
import { uploads } from './uploads.tables.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { toSqlExecutor } from '../../jobs/sql-executor.ts';
import { isUploadComplete, type UploadStorage } from './upload-storage.ts';
import { markFailedFileGone } from './upload-maintenance.ts';
import { canManageUpload, findUpload, toUploadId } from './upload-rows.ts';

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
  await withPgTransaction(pool, async (client) => {
    const updated = await drizzle(client)
      .update(uploads)
      .set({ phase: 'processing', sizeBytes, uploadedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(uploads.id, uploadId), eq(uploads.phase, 'uploading')))
      .returning({ id: uploads.id });
    if (updated.length > 0) {
      await jobs.enqueueVideoProcessing(uploadId, toSqlExecutor(client));
    }
  });
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
 * may not manage it (not found); a 403 with the trial's sentence when its free trial ended, was
 * revoked or has no recorded answer left; `{ refused }` with the sentence to show when it cannot be retried:
 * refused for its content, cancelled, expired or already retried (`notRetryable`), or its bytes
 * are gone (`fileGone`: kept FAILED_UPLOAD_RETENTION_MS after the failure, or lost), in which case
 * the row says so too, so the status call stops offering Try again.
 */
/**
 * A retried video is a write to its storyfile's organization: refused (403, the trial's sentence)
 * once a free trial ended or was revoked, and an answer counts against the recorded-answer limit
 * again, since its failure had stopped counting it. With `lock`, in the retry's transaction.
 */
async function assertTrialAllowsRetry(
  tx: Executor,
  trialUsage: TrialUsage,
  row: { kind: string; storyfileId: string | null; storyfileQuestionId: string | null },
  options: { lock?: boolean } = {},
): Promise<void> {
  if (row.storyfileId === null) {
    return;
  }
  const owner = await tx.execute<{ namespace_id: string | null }>(
    sql`select ${trialUsage.namespaceOfStoryfile(row.storyfileId)} as namespace_id`,
  );
  const namespaceId = owner.rows[0]?.namespace_id;
  if (namespaceId) {
    const readOnly = (await findReadOnlyOrganizations(tx, [namespaceId])).get(namespaceId);
    if (readOnly !== undefined) {
      throw forbidden(readOnly);
    }
  }
  if (row.kind === 'answer' && row.storyfileQuestionId !== null) {
    await assertTrialAllows(
      tx,
      trialUsage,
      { kind: 'answer', storyfileId: row.storyfileId, questionId: row.storyfileQuestionId },
      options,
    );
  }
}

export async function retryUploadProcessing(
  deps: {
    db: Database;
    pool: pg.Pool;
    jobs: JobQueue;
    storage: Pick<UploadStorage, 'getProgress'>;
    trialUsage: TrialUsage;
  },
  user: CurrentUser,
  uploadId: string,
): Promise<UploadStatus | null | { refused: string }> {
  const row = await findUpload(deps.db, toUploadId(uploadId));
  if (!row || !canManageUpload(user, row)) {
    return null;
  }
  if (row.kind !== 'avatar' && row.phase === 'failed') {
    // The trial first: an organization that may not write hears why, whatever became of the bytes.
    await assertTrialAllowsRetry(deps.db, deps.trialUsage, row);
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
  // A row that changed meanwhile matches nothing: the transaction then wrote nothing to keep.
  const isQueued = await withPgTransaction(deps.pool, async (client) => {
    // Again with the trial locked: two retries (or a retry and a new upload) cannot both take the
    // last recorded answer.
    await assertTrialAllowsRetry(drizzle(client), deps.trialUsage, row, { lock: true });
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
      return false;
    }
    await deps.jobs.enqueueVideoProcessing(row.id, toSqlExecutor(client), {
      isFreshAttempt: true,
    });
    return true;
  });
  if (!isQueued) {
    return { refused: RETRY_UPLOAD_MESSAGES.notRetryable };
  }
  deps.jobs.wakeWorkers();
  return { status: 'START', error: null };
}
