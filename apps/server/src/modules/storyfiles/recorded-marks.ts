import { and, eq } from 'drizzle-orm';
import type { ClipKind } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { storyfileClips, storyfileQuestions } from './storyfiles.tables.ts';

/** What a video records: the answer to one checklist question, or one clip of the storyfile. */
export interface RecordingTarget {
  storyfileId: string;
  questionId: string | null;
  clipKind: ClipKind | null;
}

/**
 * Records when the target got its current video (null: it has none any more), in the caller's
 * transaction, so the checklist's recorded marks change together with the video they describe.
 */
export async function setVideoRecordedAt(
  tx: Executor,
  target: RecordingTarget,
  recordedAt: Date | null,
): Promise<void> {
  if (target.questionId) {
    await tx
      .update(storyfileQuestions)
      .set({ answerRecordedAt: recordedAt })
      .where(eq(storyfileQuestions.id, target.questionId));
  } else if (target.clipKind) {
    await tx
      .update(storyfileClips)
      .set({ recordedAt })
      .where(
        and(
          eq(storyfileClips.storyfileId, target.storyfileId),
          eq(storyfileClips.kind, target.clipKind),
        ),
      );
  }
}
