import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EVENTS, Server as TusServer } from '@tus/server';
import type pg from 'pg';
import {
  AVATAR_MAX_BYTES,
  getUploadStatusContract,
  listUploadsContract,
  retryUploadProcessingContract,
  UPLOAD_REJECTION_MESSAGES,
} from '@conversa/contracts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/client.ts';
import {
  conflict,
  createErrorId,
  DATABASE_UNAVAILABLE_MESSAGE,
  notFound,
} from '../../http/errors.ts';
import { registerContract } from '../../http/gateway.ts';
import type { StudioMetrics } from '../../http/metrics.ts';
import {
  describeUnstorableText,
  findUnstorable,
  findUnstorableText,
} from '../../http/unstorable-text.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { TrialUsage } from '../promo-codes/index.ts';
import {
  countWrittenBytes,
  createTusRequestUsers,
  mountTusEndpoint,
  TUS_MOUNT_PATH,
  TusResponseError,
  type TusRequest,
} from './tus-endpoint.ts';
import { isUploadComplete, type UploadStorage } from './upload-storage.ts';
import { prepareUpload, recordUpload, UploadRejectedError } from './upload-intake.ts';
import {
  canManageUpload,
  findUpload,
  markPackageUploaded,
  markUploadCancelled,
  toUploadId,
  type UploadRow,
} from './upload-rows.ts';
import { queueVideoProcessing, retryUploadProcessing } from './video-processing.ts';
import { getUploadStatus, listRecentUploads } from './upload-status.ts';

const toTusError = (error: unknown): unknown =>
  error instanceof UploadRejectedError
    ? new TusResponseError(error.status, `${error.message}\n`)
    : error;

export interface UploadRoutesOptions {
  db: Database;
  pool: pg.Pool;
  config: Config;
  storage: UploadStorage;
  jobs: JobQueue;
  /** The app's metrics: bytes stored, and the timing of the hijacked tus answers. */
  metrics: Pick<StudioMetrics, 'countUploadBytes' | 'observeRequest'>;
  /**
   * Takes a finished avatar upload in (the avatars module's job), or throws UploadRejectedError;
   * passed in so uploads need not know avatars, which build on uploads.
   */
  storeAvatar: (upload: UploadRow) => Promise<void>;
  /** What a trial's recorded-answer limit counts (media's), handed in: media builds on uploads. */
  trialUsage: TrialUsage;
}

/**
 * The tus endpoint at /files/ and the upload calls. Authentication is the gateway's: the routes
 * declare `loggedIn`, so the permission hook resolves the user (session cookie or bearer token)
 * before tus sees the request, and the hooks below read that user. Authorization happens in tus's
 * hooks: at creation from the metadata (edit on the storyfile, or ownership of the avatar
 * resource), afterwards by who created the upload.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  options: UploadRoutesOptions,
): Promise<TusServer> {
  const { db, pool, config, storage, jobs, metrics, storeAvatar, trialUsage } = options;
  const users = createTusRequestUsers();
  const userOf = (request: TusRequest) => users.userOf(request);

  const finishUpload = async (row: UploadRow, sizeBytes: number) => {
    try {
      if (row.kind === 'avatar') {
        await storeAvatar(row);
      } else if (row.kind === 'package') {
        await markPackageUploaded(db, row.id, sizeBytes);
      } else {
        await queueVideoProcessing(pool, jobs, row.id, sizeBytes);
      }
    } catch (error) {
      throw toTusError(error);
    }
  };

  const tus = new TusServer({
    path: TUS_MOUNT_PATH,
    // Upload bytes for the metrics, counted where tus stores them.
    datastore: countWrittenBytes(storage.datastore, (bytes) => metrics.countUploadBytes(bytes)),
    // Per kind once the upload exists (a deferred length is only known while bytes arrive); at
    // creation the larger cap, and prepareUpload then checks the declared length per kind.
    async maxSize(_request, tusId) {
      const row = tusId ? await findUpload(db, toUploadId(tusId)) : undefined;
      if (!row) {
        return Math.max(config.media.uploadMaxBytes, AVATAR_MAX_BYTES);
      }
      return row.kind === 'avatar' ? AVATAR_MAX_BYTES : config.media.uploadMaxBytes;
    },
    namingFunction: () => randomBytes(16).toString('hex'),
    generateUrl: (_request, { id }) => `${config.publicUrl}${TUS_MOUNT_PATH}/${id}`,
    // The console is same-origin; other browser origins get no CORS grant (native clients need none).
    allowedOrigins: [new URL(config.publicUrl).origin],
    allowedCredentials: true,
    allowedHeaders: ['x-system-id'],
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(request, tusId) {
      if (request.method === 'POST' || request.method === 'OPTIONS') {
        return;
      }
      // An id PostgreSQL cannot store names no upload.
      const row = findUnstorableText(tusId) ? undefined : await findUpload(db, toUploadId(tusId));
      // Someone else's upload answers like a missing one.
      if (!row || !canManageUpload(userOf(request), row)) {
        throw new TusResponseError(404, `${UPLOAD_REJECTION_MESSAGES.notFound}\n`);
      }
      // A client resuming a complete upload sends only HEAD: if the process or the database died
      // after the last byte and before its commit, this is where the upload gets finished. A
      // failure answers 500, and the client probes again.
      if (request.method === 'HEAD' && row.phase === 'uploading') {
        const progress = await storage.getProgress(row.tusId);
        if (isUploadComplete(progress)) {
          await finishUpload(row, progress!.size!);
        }
      }
    },
    async onUploadCreate(request, upload) {
      const user = userOf(request);
      if (!user) {
        throw new TusResponseError(401, 'You need to be logged in.\n');
      }
      const unstorable = findUnstorable(upload.metadata ?? {});
      if (unstorable && unstorable !== 'too-deep') {
        throw new TusResponseError(
          400,
          `${describeUnstorableText(unstorable.path, unstorable.reason)}\n`,
        );
      }
      try {
        const prepared = await prepareUpload(
          {
            db,
            lookup: app.resolveStoryfileNamespace,
            maxBytes: config.media.uploadMaxBytes,
            trialUsage,
          },
          user,
          { tusId: upload.id, sizeBytes: upload.size, metadata: upload.metadata ?? {} },
        );
        await recordUpload(db, trialUsage, prepared.row);
        return { metadata: prepared.metadata };
      } catch (error) {
        throw toTusError(error);
      }
    },
    async onUploadFinish(_request, upload) {
      const row = await findUpload(db, toUploadId(upload.id));
      if (!row) {
        throw new TusResponseError(404, `${UPLOAD_REJECTION_MESSAGES.notFound}\n`);
      }
      await finishUpload(row, upload.size ?? upload.offset);
      return {};
    },
    onResponseError(request, error) {
      if (error instanceof TusResponseError || 'status_code' in error) {
        return undefined;
      }
      // tus would answer with the error's own message, which can quote SQL and its parameters.
      const errorId = createErrorId();
      app.log.error({ err: error, errorId, method: request.method }, 'upload request failed');
      if (isDatabaseUnavailable(error)) {
        // The bytes already written are kept: the client resumes from the offset later.
        return {
          status_code: 503,
          body: `${DATABASE_UNAVAILABLE_MESSAGE} (error id ${errorId})\n`,
        };
      }
      return {
        status_code: 500,
        body: `The upload could not be saved because of a problem on our side (error id ${errorId}). Try again in a moment.\n`,
      };
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_request, _response, tusId) => {
    markUploadCancelled(db, toUploadId(tusId)).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not mark an upload cancelled'),
    );
  });

  await mountTusEndpoint(app, tus, { users, metrics });

  registerContract(app, getUploadStatusContract, async (request) => {
    const status = await getUploadStatus(
      db,
      request.currentUser,
      request.query.uploadObjectKey,
      app.resolveStoryfileNamespace,
    );
    if (!status) {
      throw notFound(UPLOAD_REJECTION_MESSAGES.notFound);
    }
    return status;
  });
  registerContract(app, retryUploadProcessingContract, async (request) => {
    const status = await retryUploadProcessing(
      { db, pool, jobs, storage, trialUsage },
      request.currentUser,
      request.params.id,
    );
    if (status === null) {
      throw notFound(UPLOAD_REJECTION_MESSAGES.notFound);
    }
    if ('refused' in status) {
      throw conflict(status.refused);
    }
    return status;
  });
  registerContract(app, listUploadsContract, async (request) => ({
    uploads: await listRecentUploads(db, storage, request.currentUser),
  }));
  return tus;
}
