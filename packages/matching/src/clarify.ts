// Asking back instead of giving up (issue 40): when the decision is a fallback but the storyfile
// holds plausible recorded answers, or when two recorded answers are near-tied at the top, the
// visitor is offered up to three of them ("Did you mean…?") rather than the fallback clip or a
// coin toss. Pure: it reads a `MatchResult` only.
import { decideOutcome } from './decision.ts';
import type { MatchResult } from './types.ts';

export interface Suggestion {
  answerId: string;
  score: number;
}

/**
 * A recorded answer scoring at least this share of the threshold may be offered when the best one
 * falls short of it. Calibrated on the development benchmark (`data/faq-storyfile.json`) and the
 * 30-answer storyfiles so that off-topic questions rarely get suggestions (docs/experiments/matching.md,
 * "asking back, the rule of issue 40").
 */
export const SUGGESTION_FLOOR_SHARE = 0.85;
/**
 * Two recorded answers whose scores (after the contrast, which doubles their gap) are within this
 * of each other at the top are near-tied: the visitor is asked which one they meant.
 */
export const NEAR_TIE_MARGIN = 0.04;
/** Candidates offered beside the first must score at least this share of its score. */
export const SUGGESTION_SPREAD = 0.85;
export const DEFAULT_SUGGESTION_LIMIT = 3;
// Scores are rounded to 1e-6: a margin is compared with float noise allowed for.
const SCORE_EPSILON = 1e-9;

/** The rule's knobs (the constants above); for the benchmark's calibration of them. */
export interface SuggestionRule {
  floorShare: number;
  tieMargin: number;
  spread: number;
}

export const DEFAULT_SUGGESTION_RULE: Readonly<SuggestionRule> = Object.freeze({
  floorShare: SUGGESTION_FLOOR_SHARE,
  tieMargin: NEAR_TIE_MARGIN,
  spread: SUGGESTION_SPREAD,
});

/**
 * Up to `limit` (default 3) recorded answers to offer as "Did you mean…?", or [] when the decision
 * stands. A matcher's result carries its storyfile's policy (issue 50: play at or above `playAt`
 * with a clear lead, offer down to `offerAt`); a result without one gets the rule of issue 40.
 */
export function chooseSuggestions(
  result: MatchResult,
  options: { limit?: number } = {},
): Suggestion[] {
  const limit = options.limit ?? DEFAULT_SUGGESTION_LIMIT;
  if (result.policy) {
    return suggestWithPolicy(result, limit);
  }
  return suggestWithRule(result, limit, DEFAULT_SUGGESTION_RULE);
}

function suggestWithPolicy(result: MatchResult, limit: number): Suggestion[] {
  const { decision, candidates, policy } = result;
  // A best match without a video that the storyfile is unsure of asks about the recorded answers
  // (`decideOutcome`); nothing asked (`empty`) asks nothing back.
  if (!policy || (decision.kind === 'fallback' && decision.reason === 'empty')) {
    return [];
  }
  const outcome = decideOutcome(
    candidates.map((candidate) => ({
      answerId: candidate.answerId,
      score: candidate.score,
      isRecorded: candidate.isRecorded,
      isExact: candidate.confidence === 'exact',
    })),
    policy,
    limit,
    result.offTopicLead,
  );
  return outcome.kind === 'ask' ? outcome.suggestions : [];
}

/** `chooseSuggestions` with its knobs given. */
export function suggestWithRule(
  result: MatchResult,
  limitOption: number,
  rule: Readonly<SuggestionRule>,
): Suggestion[] {
  const limit = Math.max(0, Math.floor(limitOption));
  const { decision, candidates, threshold } = result;
  const first = candidates[0];
  if (limit === 0 || !first || (decision.kind === 'fallback' && decision.reason !== 'off-topic')) {
    // Nothing was asked (`empty`), or the best match is a question without a video
    // (`not-recorded`): a lower, recorded answer answers another question.
    return [];
  }
  const recorded = candidates.filter((candidate) => candidate.isRecorded);
  if (decision.kind === 'answer') {
    const second = recorded[1];
    if (
      first.confidence === 'exact' ||
      !second ||
      first.score - second.score > rule.tieMargin + SCORE_EPSILON
    ) {
      return [];
    }
    return recorded
      .filter((candidate) => first.score - candidate.score <= rule.tieMargin + SCORE_EPSILON)
      .slice(0, limit)
      .map(({ answerId, score }) => ({ answerId, score }));
  }
  const floor = threshold * rule.floorShare;
  const best = recorded[0];
  if (!best || best.score < floor) {
    return [];
  }
  return recorded
    .filter((candidate) => candidate.score >= floor && candidate.score >= best.score * rule.spread)
    .slice(0, limit)
    .map(({ answerId, score }) => ({ answerId, score }));
}
