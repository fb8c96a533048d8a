import { and, desc, eq, gte } from 'drizzle-orm';
import {
  RECENT_UPLOADS_HOURS,
  VIDEO_PROCESSING_MESSAGES,
  type CurrentUser,
  type UploadStatus,
  type UploadSummary,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import {
  storyfileQuestions,
  storyfiles,
  storyfileTopics,
} from '../storyfiles/storyfiles.tables.ts';
import { uploads } from './uploads.tables.ts';
import type { UploadStorage } from './upload-storage.ts';
import { checkStoryfileAccess, type StoryfileNamespaceLookup } from './upload-access.ts';
import { canManageUpload, findUpload, toUploadId, type UploadRow } from './upload-rows.ts';

// What a person sees of their uploads: one upload's status (spec §3/§4) and their uploads of the
// last day.

/** Spec §3/§4: START while arriving or processing, END when processed, FAIL with the reason. */
export function presentUploadStatus(row: Pick<UploadRow, 'phase' | 'error'>): UploadStatus {
  switch (row.phase) {
    case 'uploading':
    case 'processing':
      return { status: 'START', error: null };
    case 'ready':
      return { status: 'END', error: null };
    case 'failed':
      return { status: 'FAIL', error: row.error ?? VIDEO_PROCESSING_MESSAGES.failed };
    case 'cancelled':
      return { status: 'FAIL', error: row.error ?? VIDEO_PROCESSING_MESSAGES.cancelled };
  }
}

/**
 * The status call: the uploader, an admin, or anyone who may read the upload's storyfile may ask;
 * everyone else gets "not found", as for an id that never existed.
 */
export async function getUploadStatus(
  db: Database,
  user: CurrentUser,
  uploadId: string,
  lookup: StoryfileNamespaceLookup | null,
): Promise<UploadStatus | null> {
  const row = await findUpload(db, toUploadId(uploadId));
  if (!row) {
    return null;
  }
  const isAllowed =
    canManageUpload(user, row) ||
    (row.storyfileId !== null &&
      (await checkStoryfileAccess(user, row.storyfileId, 'read:ns', lookup)).ok);
  return isAllowed ? presentUploadStatus(row) : null;
}

const RECENT_UPLOADS_LIMIT = 200;

/** The caller's uploads of the last day, for the upload dialog after a reload. */
export async function listRecentUploads(
  db: Database,
  storage: Pick<UploadStorage, 'getOffset'>,
  user: CurrentUser,
): Promise<UploadSummary[]> {
  const since = new Date(Date.now() - RECENT_UPLOADS_HOURS * 3600 * 1000);
  const rows = await db
    .select({
      upload: uploads,
      storyfileName: storyfiles.name,
      questionText: storyfileQuestions.text,
      topicName: storyfileTopics.name,
    })
    .from(uploads)
    .leftJoin(storyfiles, eq(storyfiles.id, uploads.storyfileId))
    .leftJoin(storyfileQuestions, eq(storyfileQuestions.id, uploads.storyfileQuestionId))
    .leftJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
    .where(and(eq(uploads.userId, user.iam), gte(uploads.createdAt, since)))
    .orderBy(desc(uploads.createdAt))
    .limit(RECENT_UPLOADS_LIMIT);
  return Promise.all(
    rows.map(async ({ upload, storyfileName, questionText, topicName }) => ({
      id: upload.id,
      kind: upload.kind,
      phase: upload.phase,
      ...presentUploadStatus(upload),
      filename: upload.filename,
      filetype: upload.filetype,
      sizeBytes: upload.sizeBytes,
      uploadedBytes:
        upload.phase === 'uploading' ? await storage.getOffset(upload.tusId) : upload.sizeBytes,
      storyfileId: upload.storyfileId,
      storyfileName: storyfileName ?? null,
      questionId: upload.storyfileQuestionId,
      questionText: questionText ?? null,
      topicName: topicName ?? null,
      clipKind: upload.clipKind,
      resourceType: upload.resourceType,
      resourceId: upload.resourceId,
      createdAt: upload.createdAt.toISOString(),
      updatedAt: upload.updatedAt.toISOString(),
    })),
  );
}
