// The frontier of play / ask back / fall back (issue 50): on one storyfile, every question is asked
// once; its ranking is then decided by the rule of issue 40 (today's: the threshold plays, a
// near-tie or a plausible fallback asks back) and by the storyfile's own policy at each operating
// point (`playRisk`), which moves only the bars, never the scores.
import { decideOutcome } from '../src/decision.ts';
import type { DecisionPolicy, Outcome, RankedAnswer } from '../src/decision.ts';
import { DEFAULT_SUGGESTION_RULE, suggestWithRule } from '../src/clarify.ts';
import type { Matcher, MatchResult } from '../src/index.ts';

/** Operating points swept (shares of the neighbour questions that may be played). */
export const PLAY_RISK_POINTS = [0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1];

/** Outcome counts of one rule over one or more storyfiles. */
export interface DecisionCounts {
  inScope: number;
  offTopic: number;
  rightPlayed: number;
  wrongPlayed: number;
  rightPlayedOrOffered: number;
  /** In-scope questions asked back ("Did you mean…?"), whatever was offered. */
  inScopeAsked: number;
  offTopicPlayed: number;
  offTopicOffered: number;
}

export interface DecisionFrontier {
  today: DecisionCounts;
  /** One row per operating point; `'auto'` is the default point. */
  points: {
    playRisk: number | 'auto';
    counts: DecisionCounts;
    playAt: number[];
    offerAt: number[];
  }[];
}

export function emptyFrontier(): DecisionFrontier {
  return {
    today: emptyCounts(),
    points: (['auto', ...PLAY_RISK_POINTS] as const).map((playRisk) => ({
      playRisk,
      counts: emptyCounts(),
      playAt: [],
      offerAt: [],
    })),
  };
}

function emptyCounts(): DecisionCounts {
  return {
    inScope: 0,
    offTopic: 0,
    rightPlayed: 0,
    wrongPlayed: 0,
    rightPlayedOrOffered: 0,
    inScopeAsked: 0,
    offTopicPlayed: 0,
    offTopicOffered: 0,
  };
}

function toRanked(result: MatchResult): RankedAnswer[] {
  return result.candidates.map((candidate) => ({
    answerId: candidate.answerId,
    score: candidate.score,
    isRecorded: candidate.isRecorded,
    isExact: candidate.confidence === 'exact',
  }));
}

/**
 * The result as the rule of issue 40 decided it: the threshold alone (the matcher now asks back
 * below its policy's `playAt`, which turns such an answer into the `off-topic` fallback), no policy.
 */
export function asDecidedByThreshold(result: MatchResult): MatchResult {
  const first = result.candidates[0];
  const { decision } = result;
  const isAnswer =
    decision.kind === 'fallback' &&
    decision.reason === 'off-topic' &&
    first !== undefined &&
    first.isRecorded &&
    (first.confidence === 'exact' || first.score >= result.threshold);
  const { policy: _policy, ...rest } = result;
  return isAnswer ? { ...rest, decision: { kind: 'answer', answerId: first.answerId } } : rest;
}

/** Today's rule (issue 40) as an outcome. */
function decideToday(result: MatchResult): Outcome {
  const suggestions = suggestWithRule(result, 3, DEFAULT_SUGGESTION_RULE);
  if (suggestions.length > 0) {
    return { kind: 'ask', suggestions };
  }
  return result.decision.kind === 'answer'
    ? { kind: 'play', answerId: result.decision.answerId }
    : { kind: 'fallback' };
}

function count(counts: DecisionCounts, outcome: Outcome, answerId: string | null): void {
  if (answerId === null) {
    counts.offTopic++;
    if (outcome.kind === 'play') {
      counts.offTopicPlayed++;
    } else if (outcome.kind === 'ask') {
      counts.offTopicOffered++;
    }
    return;
  }
  counts.inScope++;
  const isRightPlayed = outcome.kind === 'play' && outcome.answerId === answerId;
  if (isRightPlayed) {
    counts.rightPlayed++;
  } else if (outcome.kind === 'play') {
    counts.wrongPlayed++;
  } else if (outcome.kind === 'ask') {
    counts.inScopeAsked++;
  }
  if (
    isRightPlayed ||
    (outcome.kind === 'ask' && outcome.suggestions.some((offer) => offer.answerId === answerId))
  ) {
    counts.rightPlayedOrOffered++;
  }
}

/**
 * Asks `questions` (answerId null: off-topic) of `matcher` and adds what today's rule and each
 * operating point give to `frontier`. Leaves the matcher's operating point at `'auto'`.
 */
export function measureDecisions(
  matcher: Matcher,
  questions: readonly { text: string; answerId: string | null }[],
  frontier: DecisionFrontier,
): void {
  const policies: DecisionPolicy[] = frontier.points.map((point) => {
    matcher.setPlayRisk(point.playRisk);
    const { policy } = matcher.getDecisionReport();
    point.playAt.push(policy.playAt);
    point.offerAt.push(policy.offerAt);
    return policy;
  });
  matcher.setPlayRisk('auto');
  for (const question of questions) {
    const result = matcher.match(question.text, { limit: 5 });
    count(frontier.today, decideToday(asDecidedByThreshold(result)), question.answerId);
    const ranked = toRanked(result);
    // Nothing asked (`empty`) falls back whatever the policy; a best match without a video is
    // decided by the policy like any other (`decideOutcome`).
    const isFallbackAnyway =
      result.decision.kind === 'fallback' && result.decision.reason === 'empty';
    frontier.points.forEach((point, position) => {
      const outcome: Outcome = isFallbackAnyway
        ? { kind: 'fallback' }
        : decideOutcome(ranked, policies[position]!, 3, result.offTopicLead);
      count(point.counts, outcome, question.answerId);
    });
  }
}

function rate(part: number, total: number): string {
  return total === 0 ? '—' : `${((part / total) * 100).toFixed(1)}%`;
}

function range(values: readonly number[]): string {
  if (values.length === 0) {
    return '—';
  }
  const low = Math.min(...values).toFixed(3);
  const high = Math.max(...values).toFixed(3);
  return low === high ? low : `${low}–${high}`;
}

/** Table rows: today's rule first, then each operating point. */
export function frontierRows(name: string, frontier: DecisionFrontier): string[][] {
  const row = (rule: string, counts: DecisionCounts, playAt: string, offerAt: string) => [
    name,
    rule,
    playAt,
    offerAt,
    rate(counts.rightPlayed, counts.inScope),
    rate(counts.wrongPlayed, counts.inScope),
    rate(counts.rightPlayedOrOffered, counts.inScope),
    rate(counts.inScopeAsked, counts.inScope),
    rate(counts.offTopicPlayed, counts.offTopic),
    rate(counts.offTopicOffered, counts.offTopic),
  ];
  return [
    row('today (issue 40)', frontier.today, 'threshold', '0.85 × threshold'),
    ...frontier.points.map((point) =>
      row(
        point.playRisk === 'auto' ? 'policy, auto' : `policy, play risk ${point.playRisk}`,
        point.counts,
        range(point.playAt),
        range(point.offerAt),
      ),
    ),
  ];
}

export const FRONTIER_HEADER = [
  'storyfile',
  'rule',
  'play at',
  'offer at',
  'right played',
  'wrong played',
  'right played or offered (≤ 3)',
  'in-scope asked back',
  'off-topic played',
  'off-topic offered',
];

export const FRONTIER_NOTE =
  'right played or offered: the right answer played, or among the ≤ 3 asked back; wrong played: an ' +
  'in-scope question given another answer; in-scope asked back: "Did you mean…?" to a question the ' +
  'storyfile answers; off-topic played / offered: questions the storyfile does ' +
  'not answer that got an answer / were asked back. Play risk: the share of the storyfile’s own ' +
  'neighbour questions (a phrasing asked with its answer left out) that may still be played.\n';
