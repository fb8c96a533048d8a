import { sql } from 'drizzle-orm';
import type { AskBackSettings, MatchingSettings } from '@conversa/contracts';
import type { DecisionReport, EmbeddingState, Matcher } from '@conversa/matching';
import { storyfileMatchingSettings } from './conversations.tables.ts';
import { getTrainedStoryfileMatcher, type ConversationEngine } from './engine.ts';
import { describeVisitorLog } from './visitor-log.ts';

/**
 * The owner's threshold (null: automatic), the one asks use, and the one the matcher chooses for
 * this script by itself (what null restores).
 */
export async function getMatchingSettings(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<MatchingSettings> {
  const entry = await getTrainedStoryfileMatcher(engine, storyfileId);
  const visitorLog = await describeVisitorLog(engine.db, storyfileId, entry.visitorQuestions);
  // From here on no await: the settings are read from the matcher as the asks see it.
  const { matcher } = entry;
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
    askBack: describeAskBack(matcher),
    visitorLog,
  };
}

/**
 * Where the storyfile plays or asks back at the point `playRisk` (undefined: the one in force; null:
 * the automatic one), and what that gives on its own questions. The matcher's point is restored
 * before anything else runs (no await in between).
 */
function describeAskBack(matcher: Matcher, playRisk?: number | null): AskBackSettings {
  const inForce = matcher.getDecisionReport();
  const saved = inForce.setting;
  matcher.setPlayRisk('auto');
  const automatic = matcher.getDecisionReport();
  matcher.setPlayRisk(playRisk === undefined ? saved : (playRisk ?? 'auto'));
  const shown = matcher.getDecisionReport();
  matcher.setPlayRisk(saved);
  return toAskBack(shown, automatic);
}

function toAskBack(report: DecisionReport, automatic: DecisionReport): AskBackSettings {
  return {
    playRisk: report.setting === 'auto' ? null : report.setting,
    effectivePlayRisk: report.playRisk,
    defaultPlayRisk: automatic.playRisk,
    maxOffTopicPlayed: report.maxOffTopicPlayed,
    playAt: report.policy.playAt,
    leadWeight: report.policy.leadWeight,
    offerAt: report.policy.offerAt,
    offerBesideAt: report.policy.offerBesideAt,
    preview: {
      nearMissPlayed: report.preview.neighboursPlayed,
      nearMissOffered: report.preview.neighboursOffered,
      offTopicPlayed: report.preview.offTopicPlayed,
      offTopicOffered: report.preview.offTopicOffered,
    },
  };
}

/** What a play risk (null: the automatic one) would give, before it is saved. */
export async function previewAskBack(
  engine: ConversationEngine,
  storyfileId: string,
  playRisk: number | null,
): Promise<AskBackSettings> {
  const { matcher } = await getTrainedStoryfileMatcher(engine, storyfileId);
  return describeAskBack(matcher, playRisk);
}

/** Sets the play risk (null: automatic); the next ask sees the new stamp and applies it. */
export async function updateAskBack(
  engine: ConversationEngine,
  storyfileId: string,
  playRisk: number | null,
): Promise<MatchingSettings> {
  await engine.db
    .insert(storyfileMatchingSettings)
    .values({ storyfileId, playRisk })
    .onConflictDoUpdate({
      target: storyfileMatchingSettings.storyfileId,
      set: { playRisk, updatedAt: sql`now()` },
    });
  return getMatchingSettings(engine, storyfileId);
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
  if (model?.degraded) {
    return {
      mode: 'lexical',
      embedder,
      embedderStatus,
      pendingPhrasings,
      message: `Questions are matched by their words alone for now: the sentence model (${embedder}) is too slow on this machine at the moment (${model.degraded.slowQuestions} questions waited too long for it), so questions no longer wait for it; it is tried again in the background.`,
    };
  }
  if (state.status === 'ready') {
    return {
      mode: 'combined',
      embedder,
      embedderStatus,
      pendingPhrasings,
      message: `Questions are matched by their words and their meaning (${embedder}).`,
    };
  }
  const upgrade = engine.modelUpgrade?.report();
  const isUpgrading = upgrade !== undefined && upgrade.status !== 'done' && upgrade.texts > 0;
  const message =
    embedder === null
      ? 'Questions are matched by their words alone: no sentence model is configured.'
      : embedderStatus === 'failed'
        ? `Questions are matched by their words alone: the sentence model (${embedder}) failed.`
        : isUpgrading
          ? `Questions are matched by their words alone while the sentence vectors of this script are made (${pendingPhrasings} phrasings to go): the studio's sentence model changed, and it is making new vectors for every storyfile (${upgrade.embedded} of ${upgrade.texts} texts done).`
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
