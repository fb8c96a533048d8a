import { sql } from 'drizzle-orm';
import type { MatchingSettings } from '@conversa/contracts';
import type { EmbeddingState } from '@conversa/matching';
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
    scoring: describeScoring(engine, matcher.getEmbeddingState()),
  };
}

/** What the matching settings say about the sentence model and this script's vectors. */
function describeScoring(
  engine: ConversationEngine,
  state: EmbeddingState,
): MatchingSettings['scoring'] {
  const model = engine.vectors?.report();
  const embedder = model?.label ?? (engine.embedder ? (engine.embedder.id ?? 'embedder') : null);
  const embedderStatus = model?.status ?? (engine.embedder ? 'ready' : 'none');
  const pendingPhrasings = state.status === 'pending' ? state.missingPhrasings : 0;
  if (state.status === 'ready') {
    return {
      mode: 'combined',
      embedder,
      embedderStatus,
      pendingPhrasings,
      message: `Questions are matched by their words and their meaning (${embedder}).`,
    };
  }
  const message =
    embedder === null
      ? 'Questions are matched by their words alone: no sentence model is configured.'
      : embedderStatus === 'failed'
        ? `Questions are matched by their words alone: the sentence model (${embedder}) failed.`
        : `Questions are matched by their words alone while the sentence vectors of this script are made (${pendingPhrasings} phrasings to go).`;
  return { mode: 'lexical', embedder, embedderStatus, pendingPhrasings, message };
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
