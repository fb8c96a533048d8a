import type { FastifyInstance } from 'fastify';
import {
  approveVideoTranscriptContract,
  getPublicTranscriptContract,
  getTranscriptSettingsContract,
  updateTranscriptSettingsContract,
  getVideoTranscriptContract,
  listStoryfileTranscriptsContract,
  regenerateVideoTranscriptContract,
  saveVideoTranscriptContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { getPublicTranscript, type FindPublishedStoryfile } from './public-transcript.service.ts';
import {
  approveVideoTranscript,
  getTranscriptSettings,
  updateTranscriptSettings,
} from './transcript-review.service.ts';
import {
  getVideoTranscript,
  listStoryfileTranscripts,
  regenerateVideoTranscript,
  saveVideoTranscript,
} from './transcripts.service.ts';

/**
 * A video's transcript and captions: read, saved or approved by an author, drafted again (issues
 * 41, 52), and the storyfile's choice of what visitors read.
 */
export function registerTranscriptRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    jobs: JobQueue;
    mediaStore: MediaStore;
    /** Publishing's: the transcript page shows only a published storyfile. */
    findPublishedStoryfile: FindPublishedStoryfile;
  },
): void {
  const { db, jobs, mediaStore } = options;
  registerContract(app, listStoryfileTranscriptsContract, (request) =>
    listStoryfileTranscripts(db, request.params.id),
  );
  registerContract(app, getVideoTranscriptContract, (request) =>
    getVideoTranscript(db, request.params.id, request.params.videoId),
  );
  registerContract(app, saveVideoTranscriptContract, (request) =>
    saveVideoTranscript(db, mediaStore, request.params.id, request.params.videoId, request.body),
  );
  registerContract(app, approveVideoTranscriptContract, (request) =>
    approveVideoTranscript(db, request.params.id, request.params.videoId, request.body.revision),
  );
  registerContract(app, getTranscriptSettingsContract, (request) =>
    getTranscriptSettings(db, request.params.id),
  );
  registerContract(app, updateTranscriptSettingsContract, (request) =>
    updateTranscriptSettings(db, request.params.id, request.body),
  );
  registerContract(app, getPublicTranscriptContract, (request) =>
    getPublicTranscript(db, request.params.slug, options.findPublishedStoryfile),
  );
  registerContract(app, regenerateVideoTranscriptContract, (request) =>
    regenerateVideoTranscript(db, jobs, request.params.id, request.params.videoId),
  );
}
