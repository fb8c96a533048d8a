import type { Executor } from '../lists/index.ts';
import { storyfileMatchingSettings } from './conversations.tables.ts';

/** A new storyfile's threshold (issue 31: package import or duplicate), in the caller's transaction. */
export async function setMatchingThresholdCopy(
  tx: Executor,
  storyfileId: string,
  threshold: number | null,
): Promise<void> {
  if (threshold !== null) {
    await tx.insert(storyfileMatchingSettings).values({ storyfileId, threshold });
  }
}
