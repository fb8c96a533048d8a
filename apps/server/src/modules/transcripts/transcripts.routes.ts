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
  undoTranscriptRedraftContract,
} from '@conversa/contracts';
import type { SpeakerAdaptationConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { getPublicTranscript, type FindPublishedStoryfile } from './public-transcript.service.ts';
import { queueSpeakerAdaptation } from './speaker-adaptation-trigger.ts';
import { undoTranscriptRedraft } from './transcript-redraft.service.ts';
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
 * A video's transcript and captions: read, saved or approved by an author, drafted again, a
 * redraft with the storyfile's voice undone (issues 41, 52), and the storyfile's choice of what
 * visitors read.
 */
export function registerTranscriptRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    jobs: JobQueue;
    mediaStore: MediaStore;
    /** Publishing's: the transcript page shows only a published storyfile. */
    findPublishedStoryfile: FindPublishedStoryfile;
    /** When a storyfile's corrected answers adapt the recognizer to its speaker (issue 52). */
    speakerAdaptation: SpeakerAdaptationConfig;
  },
): void {
  const { db, jobs, mediaStore } = options;
  /** A save or approval may reach a milestone of corrected answers: the voice is adapted then. */
  const adaptAfter = async <T>(storyfileId: string, done: Promise<T>): Promise<T> => {
    const result = await done;
    await queueSpeakerAdaptation(db, jobs, storyfileId, options.speakerAdaptation);
    return result;
  };
  registerContract(app, listStoryfileTranscriptsContract, (request) =>
    listStoryfileTranscripts(db, request.params.id),
  );
  registerContract(app, getVideoTranscriptContract, (request) =>
    getVideoTranscript(db, request.params.id, request.params.videoId),
  );
  registerContract(app, saveVideoTranscriptContract, (request) =>
    adaptAfter(
      request.params.id,
      saveVideoTranscript(db, mediaStore, request.params.id, request.params.videoId, request.body),
    ),
  );
  registerContract(app, approveVideoTranscriptContract, (request) =>
    adaptAfter(
      request.params.id,
      approveVideoTranscript(db, request.params.id, request.params.videoId, request.body.revision),
    ),
  );
  registerContract(app, undoTranscriptRedraftContract, (request) =>
    undoTranscriptRedraft(
      db,
      mediaStore,
      request.params.id,
      request.params.videoId,
      request.body.revision,
    ),
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
