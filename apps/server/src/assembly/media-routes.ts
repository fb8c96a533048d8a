import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { StudioMetrics } from '../http/metrics.ts';
import { registerAvatarRoutes } from '../modules/avatars/avatars.routes.ts';
import { storeAvatarFromUpload } from '../modules/avatars/index.ts';
import { trialUsage } from '../modules/media/index.ts';
import { registerMediaRoutes } from '../modules/media/media.routes.ts';
import { registerPackageRoutes } from '../modules/packages/packages.routes.ts';
import { findPublishedStoryfile, isPublicationLive } from '../modules/publishing/index.ts';
import { registerTranscriptRoutes } from '../modules/transcripts/transcripts.routes.ts';
import { registerUploadRoutes } from '../modules/uploads/uploads.routes.ts';
import type { MediaRuntime } from './media-runtime.ts';

/**
 * The routes that need the media runtime: uploads, media files, transcripts, storyfile packages,
 * avatars.
 */
export async function registerMediaModuleRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Database;
    metrics: StudioMetrics;
    runtime: MediaRuntime;
    pool: pg.Pool;
  },
): Promise<void> {
  const { config, db, metrics, runtime, pool } = options;
  await registerUploadRoutes(app, {
    db,
    pool,
    config,
    storage: runtime.uploadStorage,
    jobs: runtime.jobs,
    metrics,
    storeAvatar: (upload) =>
      storeAvatarFromUpload(
        { db, storage: runtime.uploadStorage, mediaStore: runtime.mediaStore },
        upload,
      ),
    trialUsage,
  });
  const mediaSigner = await registerMediaRoutes(app, {
    db,
    mediaStore: runtime.mediaStore,
    config,
    isStoryfilePublished: (storyfileId) => isPublicationLive(db, storyfileId),
  });
  registerTranscriptRoutes(app, {
    db,
    jobs: runtime.jobs,
    mediaStore: runtime.mediaStore,
    findPublishedStoryfile: (slug) => findPublishedStoryfile(db, slug),
    speakerAdaptation: config.speakerAdaptation,
  });
  registerPackageRoutes(app, {
    db,
    pool,
    jobs: runtime.jobs,
    mediaStore: runtime.mediaStore,
    uploadStorage: runtime.uploadStorage,
    signer: mediaSigner,
    publicUrl: config.publicUrl,
  });
  registerAvatarRoutes(app, { db, mediaStore: runtime.mediaStore });
}
