import { and, count, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { SpeakerAdaptationConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { videoTranscripts } from './transcripts.tables.ts';

/**
 * When the storyfile's voice is adapted (issue 52): once its authors have corrected
 * `first` answers (saved or approved, with words), then every `every` more. Each save or approval
 * asks; the job id names the milestone reached, so the saves past one milestone queue one job.
 */

/** An answer an author saved or approved, with words: a recording of the speaker with its text. */
export const isCorrected = and(
  or(eq(videoTranscripts.status, 'edited'), isNotNull(videoTranscripts.approvedAt)),
  ne(videoTranscripts.text, ''),
);

/** The last milestone `corrected` answers reached (5, 25, 45, … by default), or null before any. */
export function getAdaptationMilestone(
  corrected: number,
  config: SpeakerAdaptationConfig,
): number | null {
  if (config.first <= 0 || corrected < config.first) {
    return null;
  }
  return config.first + Math.floor((corrected - config.first) / config.every) * config.every;
}

export async function countCorrectedAnswers(
  db: Pick<Database, 'select'>,
  storyfileId: string,
): Promise<number> {
  const [row] = await db
    .select({ corrected: count() })
    .from(videoTranscripts)
    .where(and(eq(videoTranscripts.storyfileId, storyfileId), isCorrected));
  return row?.corrected ?? 0;
}

/** Queues the storyfile's adaptation when its corrected answers reached a milestone. */
export async function queueSpeakerAdaptation(
  db: Database,
  jobs: JobQueue,
  storyfileId: string,
  config: SpeakerAdaptationConfig,
): Promise<void> {
  const milestone = getAdaptationMilestone(await countCorrectedAnswers(db, storyfileId), config);
  if (milestone !== null) {
    await jobs.enqueueSpeakerAdaptation(storyfileId, milestone);
  }
}
