import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The pg-boss schema; pg-boss creates and migrates it itself, apart from our Drizzle migrations. */
export const JOB_SCHEMA = 'pgboss';

export const PROCESS_VIDEO_QUEUE = 'process-video';

export const processVideoPayloadSchema = z.object({ uploadId: z.string().min(1).max(200) });
export type ProcessVideoPayload = z.infer<typeof processVideoPayloadSchema>;

/**
 * A storyfile package export or import (issue 31) runs on the same queue, workers, leases and
 * retries as video processing; its payload names the package job row, which holds the rest.
 */
export const packageJobPayloadSchema = z.object({ packageJobId: z.uuid() });
export type PackageJobPayload = z.infer<typeof packageJobPayloadSchema>;
/**
 * A video's transcript draft (issue 41): after processing, the recognizer hears the answer. On a
 * queue of its own with worker slots of its own, so a draft being made never keeps a video waiting
 * for a slot: a person waits for a video to play, not for its draft. (Drafts queued before the
 * queue existed were sent to the video queue; its workers still run them.)
 */
export const TRANSCRIBE_VIDEO_QUEUE = 'transcribe-video';
export const transcribeVideoPayloadSchema = z.object({ transcriptAssetId: z.uuid() });
export type TranscribeVideoPayload = z.infer<typeof transcribeVideoPayloadSchema>;

/**
 * Adapting the recognizer to a storyfile's speaker and redrafting its answers that still need
 * review (issue 52): on the drafts' queue and slots, at a lower priority than a new video's draft.
 */
export const adaptSpeakerPayloadSchema = z.object({
  adaptStoryfileId: z.uuid(),
  /** A continuation: redraft the answers after this video id (a job redrafts a batch at most). */
  redraftAfter: z.uuid().optional(),
});
export type AdaptSpeakerPayload = z.infer<typeof adaptSpeakerPayloadSchema>;
/** pg-boss fetches higher priorities first; new videos' drafts have 0. */
export const ADAPT_SPEAKER_PRIORITY = -1;

/** Every queue the studio's workers take jobs from, with the same retries, leases and expiry. */
export const JOB_QUEUES = [PROCESS_VIDEO_QUEUE, TRANSCRIBE_VIDEO_QUEUE] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export const queuePayloadSchema = z.union([
  processVideoPayloadSchema,
  packageJobPayloadSchema,
  transcribeVideoPayloadSchema,
  adaptSpeakerPayloadSchema,
]);
export type QueuePayload = z.infer<typeof queuePayloadSchema>;

/**
 * Retry policy of video processing: a failure that is not the video's fault (ffmpeg crashed, the
 * database went away, the worker died) is tried again 3 times, backing off from
 * JOB_RETRY_DELAY_SECONDS. A worker that dies mid-job loses its lease (job-leases.ts) and the job
 * is retried at the next check; JOB_EXPIRE_SECONDS is the backstop for a worker alive but stuck. A
 * stopping worker hands its jobs back without spending a retry.
 */
export const PROCESS_VIDEO_RETRY_LIMIT = 3;

/**
 * The job id of an upload's processing, derived from the upload id: sending it twice inserts
 * nothing the second time (pg-boss inserts with ON CONFLICT DO NOTHING on the id).
 */
export function getProcessVideoJobId(uploadId: string): string {
  const hex = createHash('sha256').update(`${PROCESS_VIDEO_QUEUE}:${uploadId}`).digest('hex');
  // Shaped as a UUID (version 8, "custom") because pg-boss stores ids in a uuid column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface ProcessVideoContext {
  signal: AbortSignal;
  /** True on the last attempt pg-boss will make; the handler records the failure for people then. */
  isLastAttempt: boolean;
}

export type ProcessVideoHandler = (
  payload: ProcessVideoPayload,
  context: ProcessVideoContext,
) => Promise<void>;

export type PackageJobHandler = (
  payload: PackageJobPayload,
  context: ProcessVideoContext,
) => Promise<void>;

export type TranscribeVideoHandler = (
  payload: TranscribeVideoPayload,
  context: ProcessVideoContext,
) => Promise<void>;

export type AdaptSpeakerHandler = (
  payload: AdaptSpeakerPayload,
  context: ProcessVideoContext,
) => Promise<void>;

/** What a worker process runs: video processing always, the other kinds when it is given them. */
export interface JobHandlers {
  processVideo: ProcessVideoHandler;
  packageJob?: PackageJobHandler;
  transcribeVideo?: TranscribeVideoHandler;
  adaptSpeaker?: AdaptSpeakerHandler;
}
