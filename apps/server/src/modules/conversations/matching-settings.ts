import { sql } from 'drizzle-orm';
import type { MatchingSettings } from '@conversa/contracts';
import { storyfileMatchingSettings } from './conversations.tables.ts';
import type { ConversationEngine } from './engine.ts';

/**
 * The owner's threshold (null: automatic), the one asks use, and the one the matcher chooses for
 * this script by itself (what null restores).
 */
export async function getMatchingSettings(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<MatchingSettings> {
  const { matcher } = await engine.matchers.getMatcher(engine.db, storyfileId);
  const report = matcher.getThresholdReport();
  const threshold = report.source === 'explicit' ? report.setting : null;
  // No await between the switches: no ask can see the matcher with the automatic threshold.
  matcher.setThreshold('auto');
  const automaticThreshold = matcher.getThreshold();
  matcher.setThreshold(threshold ?? 'auto');
  return {
    storyfileId,
    threshold,
    effectiveThreshold: report.threshold,
    defaultThreshold: automaticThreshold,
  };
}

/** Sets the threshold; the next ask sees the new stamp and applies it. */
export async function updateMatchingSettings(
  engine: ConversationEngine,
  storyfileId: string,
  threshold: number | null,
): Promise<MatchingSettings> {
  await engine.db
    .insert(storyfileMatchingSettings)
    .values({ storyfileId, threshold })
    .onConflictDoUpdate({
      target: storyfileMatchingSettings.storyfileId,
      set: { threshold, updatedAt: sql`now()` },
    });
  return getMatchingSettings(engine, storyfileId);
}
