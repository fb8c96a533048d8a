// The job queue: worker slots (videos, transcript drafts), expiry, retries, maintenance and the
// grace given to running jobs on shutdown.
import { z } from 'zod';

/** Variables of this area, composed into the one schema of `env.ts`; a comment per variable. */
export const jobsEnvShape = {
  /** Videos one process transcodes at a time (ffmpeg already uses every core for one). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * Transcript drafts one process makes at a time, in slots of their own beside the videos'
   * (a draft never keeps a video waiting); 0 leaves drafts to other worker processes.
   */
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
  /**
   * CPU niceness of the recognizer making drafts and of the tools adapting a storyfile's voice:
   * 19, the lowest priority, gives the cores to videos being processed and visitors' questions
   * first (media/ffmpeg.ts's BACKGROUND_NICENESS); 0 shares them equally (a worker process of
   * its own, a test run).
   */
  TRANSCRIBE_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
  /**
   * Seconds a processing job may stay active; a job whose worker died is retried after this
   * (plus up to one maintenance interval). Keep it above the longest transcode.
   */
  JOB_EXPIRE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(23 * 3600)
    .default(1800),
  /** First retry delay of a failed job; later retries back off (doubling, with jitter). */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** How often the queue looks for expired jobs. */
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * On SIGTERM/SIGINT, how long running transcodes may finish before they are stopped and
   * handed back to the queue (no retry spent). Keep it below the supervisor's kill timeout.
   */
  JOB_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
};
