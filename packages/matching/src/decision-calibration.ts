// The storyfile's own bars for playing and asking back (issue 50), chosen from the scores its
// automatic calibration already asks: its neighbour questions (each phrasing asked with its whole
// answer left out: a question on the storyfile's subject whose best match is another answer, i.e.
// what a wrong answer scores here) and the built-in off-topic questions (what a question on another
// subject scores here). The author's operating point is the share of neighbour questions that may
// still be played: lower asks back more, higher plays more.
import type { DecisionPolicy } from './decision.ts';

/** Top scores of the calibration's questions, highest first. */
export interface DecisionScores {
  neighbours: readonly number[];
  offTopic: readonly number[];
}

/** The operating point: a share (0–1) of neighbour questions that may be played, or `'auto'`. */
export type PlayRiskSetting = number | 'auto';

export interface DecisionTuning {
  /** The operating point `'auto'` stands for. */
  playRisk: number;
  /** Share of the built-in off-topic questions that may be asked back (or played). */
  offerOffTopicRate: number;
  tieMargin: number;
  spread: number;
  /** Fewer neighbour questions than this say nothing: `playAt` is the threshold. */
  minNeighbours: number;
}

/**
 * Chosen on the development benchmark and the 30-answer storyfiles (val, vectors; README, "Play,
 * ask back or fall back"): 0.05 is the highest play risk that keeps wrong answers played and
 * off-topic questions played at or under 10% on every shape; a spread of 0.5 offers the right
 * answer more often than 0.6 or 0.85 for the same off-topic questions asked back.
 */
export const DEFAULT_DECISION_TUNING: Readonly<DecisionTuning> = Object.freeze({
  playRisk: 0.05,
  offerOffTopicRate: 0.15,
  tieMargin: 0.04,
  spread: 0.5,
  minNeighbours: 10,
});

/** What a policy gives on the storyfile's own calibration questions (shares 0–1). */
export interface DecisionPreview {
  neighboursPlayed: number | null;
  neighboursOffered: number | null;
  offTopicPlayed: number | null;
  offTopicOffered: number | null;
}

export interface DecisionReport {
  setting: PlayRiskSetting;
  /** The share of neighbour questions played in force (the setting, or the automatic one). */
  playRisk: number;
  policy: DecisionPolicy;
  preview: DecisionPreview;
  /** The scores the bars were chosen from. */
  scores: DecisionScores;
}

export function assertPlayRisk(setting: PlayRiskSetting): PlayRiskSetting {
  if (setting === 'auto') {
    return setting;
  }
  if (!Number.isFinite(setting) || setting < 0 || setting > 1) {
    throw new RangeError(`play risk must be 'auto' or between 0 and 1, got ${setting}`);
  }
  return setting;
}

/** The score just above the (allowed + 1)-th highest of `descending`, allowing `rate` of them at or above. */
function barAt(descending: readonly number[], rate: number): number {
  const allowed = Math.floor(rate * descending.length + 1e-9);
  return allowed < descending.length ? (descending[allowed] ?? 0) + 1e-4 : 0;
}

function shareAtOrAbove(scores: readonly number[], bar: number): number | null {
  return scores.length === 0 ? null : scores.filter((score) => score >= bar).length / scores.length;
}

/**
 * The policy of one storyfile: play at the threshold in force or above the neighbour questions'
 * `playRisk` quantile, whichever is higher; offer down to the built-in off-topic questions'
 * `offerOffTopicRate` quantile, never above the threshold (what the threshold played is at least
 * offered now).
 */
export function chooseDecisionPolicy(
  scores: DecisionScores,
  threshold: number,
  setting: PlayRiskSetting,
  tuning: Readonly<DecisionTuning> = DEFAULT_DECISION_TUNING,
): DecisionReport {
  const playRisk = setting === 'auto' ? tuning.playRisk : setting;
  const neighbourBar =
    scores.neighbours.length >= tuning.minNeighbours ? barAt(scores.neighbours, playRisk) : 0;
  const playAt = round(Math.max(threshold, neighbourBar));
  const offTopicBar =
    scores.offTopic.length > 0 ? barAt(scores.offTopic, tuning.offerOffTopicRate) : threshold;
  const offerAt = round(Math.min(threshold, offTopicBar));
  const policy = { playAt, offerAt, tieMargin: tuning.tieMargin, spread: tuning.spread };
  return {
    setting,
    playRisk,
    policy,
    preview: {
      neighboursPlayed: shareAtOrAbove(scores.neighbours, playAt),
      neighboursOffered: offeredShare(scores.neighbours, policy),
      offTopicPlayed: shareAtOrAbove(scores.offTopic, playAt),
      offTopicOffered: offeredShare(scores.offTopic, policy),
    },
    scores,
  };
}

function offeredShare(scores: readonly number[], policy: DecisionPolicy): number | null {
  if (scores.length === 0) {
    return null;
  }
  const offered = scores.filter((score) => score >= policy.offerAt && score < policy.playAt);
  return offered.length / scores.length;
}

function round(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}
