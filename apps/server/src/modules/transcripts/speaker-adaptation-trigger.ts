import { and, count, eq, inArray, isNotNull, max, ne, or, sql } from 'drizzle-orm';
import type { SpeakerAdaptationConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { storyfileSpeakerModels, videoTranscripts } from './transcripts.tables.ts';

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

/**
 * The recovery round's part (issue 52): every storyfile whose corrected answers passed a milestone
 * its voice was not made from gets that milestone's job. So an imported or duplicated storyfile
 * (its transcripts copied with their review) rebuilds its voice from its own corrected answers, and
 * a save whose job was lost is caught up. A milestone's job id is sent once: one that failed for
 * good is not sent again while pg-boss keeps it. Returns how many were queued.
 */
export async function queueDueSpeakerAdaptations(
  db: Database,
  jobs: JobQueue,
  config: SpeakerAdaptationConfig,
): Promise<number> {
  if (config.first <= 0) {
    return 0;
  }
  const rows = await db
    .select({ storyfileId: videoTranscripts.storyfileId, corrected: count() })
    .from(videoTranscripts)
    .where(isCorrected)
    .groupBy(videoTranscripts.storyfileId)
    .having(sql`count(*) >= ${config.first}`);
  const adapted = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({
              storyfileId: storyfileSpeakerModels.storyfileId,
              corrected: max(storyfileSpeakerModels.corrected),
            })
            .from(storyfileSpeakerModels)
            .where(
              inArray(
                storyfileSpeakerModels.storyfileId,
                rows.map((row) => row.storyfileId),
              ),
            )
            .groupBy(storyfileSpeakerModels.storyfileId)
        ).map((row) => [row.storyfileId, row.corrected ?? 0]),
  );
  let queued = 0;
  for (const row of rows) {
    const milestone = getAdaptationMilestone(row.corrected, config);
    if (milestone !== null && (adapted.get(row.storyfileId) ?? 0) < milestone) {
      await jobs.enqueueSpeakerAdaptation(row.storyfileId, milestone);
      queued += 1;
    }
  }
  return queued;
}
