// Storyfile-shaped benchmark (issue 13): a storyfile has a few dozen answers, not a dataset's every
// intent, and most questions a visitor asks that it cannot answer are about other things. Answers
// are N intents sampled from a dataset; questions are the held-out items of those intents (in
// scope), of every other intent (off-topic) and the dataset's out-of-scope items.
import { createMatcher } from '../src/index.ts';
import type { MatcherOptions, ThresholdSetting } from '../src/index.ts';
import type { EvalItem, IntentDefinition } from './datasets.ts';
import { asDecidedByThreshold, emptyFrontier, measureDecisions } from './decision-frontier.ts';
import type { DecisionFrontier } from './decision-frontier.ts';

/** What a storyfile of one size gives, summed over its seeds. */
export interface StoryfileResult {
  dataset: string;
  /** The section's name of the scoring (`lexical`, `semantic only`, `combined`, …). */
  scoring?: string;
  answers: number;
  seeds: number;
  /** How the threshold was set: `auto`, or an explicit number. */
  threshold: string;
  /** The thresholds in force, one per seed. */
  thresholds: number[];
  inScope: number;
  offTopic: number;
  outOfScope: number;
  /** In-scope questions that got their own answer. */
  answeredRight: number;
  /** In-scope questions whose top candidate is their answer, threshold ignored. */
  closedRight: number;
  /** Off-topic and out-of-scope questions that got any answer. */
  offTopicAnswered: number;
  outOfScopeAnswered: number;
  /** Questions of each kind that got the fallback. */
  inScopeFallback: number;
  offTopicFallback: number;
  outOfScopeFallback: number;
  /** Median time to choose the automatic threshold (first question after building), ms. */
  calibrationMs: number | null;
  /** Median wall time of one question (`match`, the question's vector already made), ms. */
  askP50Ms: number;
  /**
   * The scorer's frontier, whatever the threshold rule: the one threshold (the same for every seed)
   * that answers the most in-scope questions right with at most `FRONTIER_OFF_TOPIC_RATE` of the
   * off-topic questions answered. `null` without off-topic questions.
   */
  frontier: { threshold: number; answeredRight: number; offTopicAnswered: number } | null;
  /** Play / ask back / fall back (issue 50), with `'auto'` thresholds: today's rule and the policy's points. */
  decisions: DecisionFrontier | null;
}

/** The off-topic rate the frontier is read at: issue 13's goal is ≤ 10% at N = 30. */
export const FRONTIER_OFF_TOPIC_RATE = 0.1;

/** Best single threshold with at most `maxRate` of the off-topic top scores at or above it. */
export function findFrontier(
  rightScores: readonly number[],
  offTopicScores: readonly number[],
  inScope: number,
  maxRate: number,
): StoryfileResult['frontier'] {
  if (offTopicScores.length === 0 || inScope === 0) {
    return null;
  }
  const off = [...offTopicScores].sort((a, b) => b - a);
  const allowed = Math.floor(maxRate * off.length + 1e-9);
  // Answering at score >= t: t just above the (allowed + 1)-th highest off-topic score.
  const threshold = allowed < off.length ? off[allowed]! + 1e-6 : 0;
  return {
    threshold,
    answeredRight: rightScores.filter((score) => score >= threshold).length / inScope,
    offTopicAnswered: off.filter((score) => score >= threshold).length / off.length,
  };
}

/** mulberry32: small, seedable and the same on every platform. */
export function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The intents of one storyfile: a seeded Fisher–Yates shuffle of the ids, first `count` kept. */
export function sampleIntents(
  intents: readonly IntentDefinition[],
  count: number,
  seed: number,
): IntentDefinition[] {
  const random = createRandom(seed);
  const ids = intents.map((intent) => intent.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const chosen = new Set(ids.slice(0, count));
  return intents.filter((intent) => chosen.has(intent.id));
}

/**
 * Builds `seeds` storyfiles of `size` answers (each intent's first example as the question, the
 * others as alternates), asks every question, and counts outcomes at the threshold `setting`.
 */
export function measureStoryfiles(input: {
  dataset: string;
  intents: readonly IntentDefinition[];
  questions: readonly EvalItem[];
  size: number;
  seeds: number;
  setting: ThresholdSetting;
  /** The embedder and tuning of the variant measured (lexical, semantic only, combined). */
  matcherOptions?: MatcherOptions;
  /** Phrasings kept per answer (1: the question only, as authors script them); default all. */
  phrasings?: number;
  /** What the storyfile's visitors asked before, unlabelled (`setVisitorQuestions`). */
  visitorLog?: readonly string[];
}): StoryfileResult {
  const result: StoryfileResult = {
    dataset: input.dataset,
    answers: input.size,
    seeds: input.seeds,
    threshold: String(input.setting),
    thresholds: [],
    inScope: 0,
    offTopic: 0,
    outOfScope: 0,
    answeredRight: 0,
    closedRight: 0,
    offTopicAnswered: 0,
    outOfScopeAnswered: 0,
    inScopeFallback: 0,
    offTopicFallback: 0,
    outOfScopeFallback: 0,
    calibrationMs: null,
    askP50Ms: 0,
    frontier: null,
    decisions: input.setting === 'auto' ? emptyFrontier() : null,
  };
  const askTimes: number[] = [];
  const rightScores: number[] = [];
  const offTopicScores: number[] = [];
  const calibrationTimes: number[] = [];
  for (let seed = 1; seed <= input.seeds; seed++) {
    const answers = sampleIntents(input.intents, input.size, seed);
    const ids = new Set(answers.map((answer) => answer.id));
    const matcher = createMatcher({ ...input.matcherOptions, threshold: input.setting });
    for (const answer of answers) {
      const [question = '', ...alternates] = answer.examples.slice(0, input.phrasings);
      matcher.upsertAnswer({ id: answer.id, question, alternates });
    }
    if (input.visitorLog) {
      matcher.setVisitorQuestions(input.visitorLog);
    }
    const started = performance.now();
    result.thresholds.push(matcher.getThreshold());
    calibrationTimes.push(performance.now() - started);
    if (result.decisions) {
      const asked = input.questions.map((item) => ({
        text: item.text,
        answerId: item.intent !== null && ids.has(item.intent) ? item.intent : null,
      }));
      measureDecisions(matcher, asked, result.decisions);
    }
    for (const item of input.questions) {
      const askStarted = performance.now();
      // The threshold's decision (the frontier below shows asking back).
      const { decision, candidates } = asDecidedByThreshold(matcher.match(item.text, { limit: 1 }));
      askTimes.push(performance.now() - askStarted);
      const isAnswered = decision.kind === 'answer';
      if (item.intent === null) {
        result.outOfScope++;
        result[isAnswered ? 'outOfScopeAnswered' : 'outOfScopeFallback']++;
      } else if (ids.has(item.intent)) {
        result.inScope++;
        if (isAnswered && decision.answerId === item.intent) {
          result.answeredRight++;
        }
        if (candidates[0]?.answerId === item.intent) {
          result.closedRight++;
          rightScores.push(candidates[0].score);
        }
        if (!isAnswered) {
          result.inScopeFallback++;
        }
      } else {
        result.offTopic++;
        offTopicScores.push(candidates[0]?.score ?? 0);
        result[isAnswered ? 'offTopicAnswered' : 'offTopicFallback']++;
      }
    }
  }
  result.frontier = findFrontier(
    rightScores,
    offTopicScores,
    result.inScope,
    FRONTIER_OFF_TOPIC_RATE,
  );
  askTimes.sort((a, b) => a - b);
  result.askP50Ms = askTimes[Math.floor(askTimes.length / 2)] ?? 0;
  if (input.setting === 'auto') {
    calibrationTimes.sort((a, b) => a - b);
    result.calibrationMs = calibrationTimes[Math.floor(calibrationTimes.length / 2)] ?? null;
  }
  return result;
}
