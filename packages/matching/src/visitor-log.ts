// What a storyfile's visitors asked, unlabelled (issue 50, item 3): the questions of its log, with
// no answer known, change how it weighs a question's words and its answers' sentence vectors.
//
// - A word most visitors use ("coronavirus" on a COVID FAQ) says little about which answer a
//   visitor wants: each of the question's features weighs its rarity in the log,
//   `log((N + 1) / (df + 1)) / log(N + 1)` (1 for a feature no logged question has).
// - An answer whose vector sits close to everything visitors ask (a hub: "What is a coronavirus?")
//   wins questions on closeness alone: its semantic score loses `visitorLogHubness` × how much
//   closer it sits to its `visitorLogNeighbours` nearest logged questions than the script's answers
//   do on average (CSLS, Conneau et al. 2018, centred on the script so the scores keep their scale).
//
// Below `visitorLogMinQuestions` distinct questions the log changes nothing: a few questions are
// not a distribution. Reads the state; writes only its own caches.
import { extractFeatures } from './features.ts';
import type { FeatureKey } from './features.ts';
import type { AnswerRecord } from './answer-index.ts';
import type { MatcherState, VisitorLog } from './matcher-state.ts';
import { dot } from './vector-math.ts';

/** The log of `texts` (trimmed, distinct, empty ones dropped). */
export function createVisitorLog(texts: readonly string[]): VisitorLog {
  return { texts: [...new Set(texts.map((text) => text.trim()).filter((text) => text !== ''))] };
}

/**
 * Replaces the storyfile's log. A change of the log in force changes the scores, so the automatic
 * calibration is made again at the next question (as after an edit).
 */
export function setVisitorLog(state: MatcherState, texts: readonly string[]): void {
  const next = createVisitorLog(texts);
  const previous = state.visitorLog?.texts ?? [];
  if (
    previous.length === next.texts.length &&
    previous.every((text, i) => text === next.texts[i])
  ) {
    return;
  }
  const wasInForce = isLogInForce(state);
  state.visitorLog = next.texts.length > 0 ? next : undefined;
  if (wasInForce || isLogInForce(state)) {
    state.scriptVersion++;
    if (state.calibration) {
      state.calibration.isStale = true;
    }
  }
}

/** Whether the state's log is large enough to change the scores. */
export function isLogInForce(state: MatcherState): boolean {
  return (state.visitorLog?.texts.length ?? 0) >= state.tuning.visitorLogMinQuestions;
}

/**
 * Per family, the rarity factor of a question's feature in the log, or undefined when the log is
 * not in force (every factor 1).
 */
export function logRarities(
  state: MatcherState,
): ((family: number, key: FeatureKey) => number) | undefined {
  const log = state.visitorLog;
  if (!log || !isLogInForce(state) || state.tuning.visitorLogRarity === 0) {
    return undefined;
  }
  if (log.frequencies?.categoryIndex !== state.categoryIndex) {
    const byFamily = Array.from({ length: state.familyCount }, () => new Map<FeatureKey, number>());
    for (const text of log.texts) {
      const { occurrences } = extractFeatures(text, state.categoryIndex, state.featureSettings);
      occurrences.forEach((keys, family) => {
        const counts = byFamily[family]!;
        for (const key of new Set(keys)) {
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      });
    }
    log.frequencies = { categoryIndex: state.categoryIndex, byFamily };
  }
  const { byFamily } = log.frequencies;
  const size = log.texts.length;
  const scale = Math.log(size + 1);
  const power = state.tuning.visitorLogRarity;
  return (family, key) => {
    const count = byFamily[family]?.get(key);
    return count === undefined ? 1 : (Math.log((size + 1) / (count + 1)) / scale) ** power;
  };
}

/**
 * Takes each answer's hubness off its semantic score (`scores`, by slot), where the log is in force
 * and has vectors. Computed once per script version and log.
 */
export function correctHubness(state: MatcherState, scores: Float64Array): void {
  const weight = state.tuning.visitorLogHubness;
  if (weight === 0 || !isLogInForce(state) || !state.semantic || !state.embedder) {
    return;
  }
  const log = state.visitorLog!;
  if (log.hubness?.version !== state.scriptVersion) {
    log.hubness = { version: state.scriptVersion, byAnswer: measureHubness(state, log) };
  }
  for (const [answer, hubness] of log.hubness.byAnswer) {
    scores[answer.slot] = scores[answer.slot]! - weight * hubness;
  }
}

/** Each answer's mean cosine with its nearest logged questions, less the script's mean of that. */
function measureHubness(state: MatcherState, log: VisitorLog): Map<AnswerRecord, number> {
  const semantic = state.semantic!;
  const logged: Float32Array[] = [];
  for (const text of log.texts) {
    const vector = semantic.embedQuestion(text);
    if (vector) {
      logged.push(vector);
    }
  }
  const byAnswer = new Map<AnswerRecord, number>();
  const neighbours = Math.min(state.tuning.visitorLogNeighbours, logged.length);
  if (logged.length < state.tuning.visitorLogMinQuestions || neighbours === 0) {
    return byAnswer;
  }
  const cosines = new Float64Array(logged.length);
  let total = 0;
  for (const answer of state.index.answers.values()) {
    const direction = authoredDirection(state, answer);
    if (!direction) {
      continue;
    }
    logged.forEach((vector, i) => {
      cosines[i] = dot(direction, vector);
    });
    // The nearest: the largest cosines, summed.
    cosines.sort();
    let sum = 0;
    for (let i = cosines.length - neighbours; i < cosines.length; i++) {
      sum += cosines[i]!;
    }
    const hubness = sum / neighbours;
    byAnswer.set(answer, hubness);
    total += hubness;
  }
  const mean = byAnswer.size > 0 ? total / byAnswer.size : 0;
  for (const [answer, hubness] of byAnswer) {
    byAnswer.set(answer, hubness - mean);
  }
  return byAnswer;
}

/** The unit mean of an answer's authored phrasings' vectors (what visitors taught left out). */
function authoredDirection(state: MatcherState, answer: AnswerRecord): Float32Array | undefined {
  let sum: Float32Array | undefined;
  for (const record of answer.phrasings) {
    const vector = record.isLearned ? undefined : state.semantic!.embedQuestion(record.text);
    if (vector) {
      sum ??= new Float32Array(vector.length);
      for (let i = 0; i < vector.length; i++) {
        sum[i] = sum[i]! + vector[i]!;
      }
    }
  }
  if (!sum) {
    return undefined;
  }
  const norm = Math.sqrt(dot(sum, sum));
  return norm > 0 ? sum.map((value) => value / norm) : undefined;
}
