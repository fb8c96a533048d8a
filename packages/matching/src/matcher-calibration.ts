// The calibration unit of a matcher: the automatic threshold, chosen from the script itself
// (held-out phrasings, neighbour questions, the built-in off-topic questions, each scored as a
// visitor's question by the scoring unit), kept while the script does not change.
import type { PhrasingRecord } from './answer-index.ts';
import { chooseAutoThreshold } from './calibrate.ts';
import type { CalibrationSample } from './calibrate.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import {
  DEFAULT_THRESHOLD,
  MAX_HELD_OUT_SAMPLES,
  MAX_NEIGHBOUR_SAMPLES,
  RECALIBRATION_DRIFT_SHARE,
  RECALIBRATION_MIN_PHRASINGS,
} from './matcher-state.ts';
import type { Calibration, MatcherState, ScoredAnswer } from './matcher-state.ts';
import { chooseDecisionPolicy } from './decision-calibration.ts';
import type { DecisionReport, DecisionScores, TopScore } from './decision-calibration.ts';
import { scoreQuestion } from './matcher-scoring.ts';
import type { ThresholdReport } from './types.ts';

/**
 * Scores what the automatic threshold is chosen from: each stored phrasing of an answer that has
 * others, asked with itself left out (a paraphrase the script did not foresee), and each built-in
 * off-topic question. Sampled evenly, in a fixed order, so that the same script always gives the
 * same samples whatever its edit history.
 */
export function collectCalibrationSamples(
  state: MatcherState,
  isSemantic: boolean,
): CalibrationSample[] {
  // Every sample is scored as a visitor's question would be: with its vector when the matcher
  // scores with vectors.
  const vectorOf = (text: string) => (isSemantic ? state.semantic?.embedQuestion(text) : undefined);
  const heldOut: PhrasingRecord[] = [];
  const answers = [...state.index.answers.values()].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  // The author's phrasings only: what visitors taught (issue 50 item 2) is scored against, never
  // asked, so what is learned cannot lower the bars it is played by.
  const authored = (answer: { phrasings: readonly PhrasingRecord[] }) =>
    answer.phrasings
      .filter((record) => record.isLearned !== true)
      .sort((a, b) => (a.text < b.text ? -1 : 1));
  for (const answer of answers) {
    const phrasings = authored(answer);
    if (phrasings.length >= 2) {
      heldOut.push(...phrasings);
    }
  }
  const samples: CalibrationSample[] = [];
  const stride = Math.max(1, heldOut.length / MAX_HELD_OUT_SAMPLES);
  for (let at = 0; at < heldOut.length; at += stride) {
    const record = heldOut[Math.floor(at)]!;
    const top = scoreQuestion(state, record.text, vectorOf(record.text), record)?.ranked[0];
    samples.push({
      score: top?.score ?? 0,
      isOutOfScope: false,
      isTopCorrect: top?.answer === record.answer,
    });
  }
  // Neighbours: each phrasing asked with its whole answer left out. Needs another answer to go to.
  const neighbours = answers.length >= 2 ? answers.flatMap((answer) => authored(answer)) : [];
  const neighbourStride = Math.max(1, neighbours.length / MAX_NEIGHBOUR_SAMPLES);
  for (let at = 0; at < neighbours.length; at += neighbourStride) {
    const record = neighbours[Math.floor(at)]!;
    const ranked = scoreQuestion(
      state,
      record.text,
      vectorOf(record.text),
      undefined,
      record.answer,
    )?.ranked;
    // The same words under another answer (a duplicate phrasing) are not a neighbour question.
    if (!ranked?.[0]?.isExact) {
      samples.push({
        ...topOf(ranked),
        isOutOfScope: true,
        isTopCorrect: false,
        isNeighbour: true,
      });
    }
  }
  for (const question of OFF_TOPIC_QUESTIONS) {
    const ranked = scoreQuestion(state, question, vectorOf(question))?.ranked;
    // A built-in question that the script itself asks is not off-topic for this storyfile.
    if (!ranked?.[0]?.isExact) {
      samples.push({ ...topOf(ranked), isOutOfScope: true, isTopCorrect: false });
    }
  }
  return samples;
}

/**
 * A ranking's top score and lead, whether the top has a video, and the best recorded answer's
 * score, as the decision reads them (`decideOutcome`): a recorded best leads the next recorded
 * answer (what would play instead); one without a video leads the next answer of any kind (how
 * sure the storyfile is of what was asked).
 */
function topOf(ranked: readonly ScoredAnswer[] | undefined): {
  score: number;
  lead: number;
  isTopRecorded: boolean;
  bestRecordedScore: number;
} {
  const score = ranked?.[0]?.score ?? 0;
  const isRecorded = (entry: ScoredAnswer) => entry.answer.input.isRecorded !== false;
  const isTopRecorded = ranked?.[0] === undefined || isRecorded(ranked[0]);
  const next = isTopRecorded
    ? ranked?.find((entry, at) => at > 0 && isRecorded(entry))
    : ranked?.[1];
  return {
    score,
    lead: score - (next?.score ?? 0),
    isTopRecorded,
    bestRecordedScore: ranked?.find(isRecorded)?.score ?? 0,
  };
}

/**
 * A calibration question as the decision's bars read it. One whose best match has no video is
 * never played, and may ask about the recorded answers (`decideOutcome`): it counts as its best
 * recorded answer's score with no lead, its own kept for `sureAt`. In a script mostly unrecorded
 * most neighbour questions are such, and counting the unrecorded answers' scores toward `playAt`
 * raised it over the few answers recorded.
 */
function decisionTopOf(sample: CalibrationSample): TopScore {
  const own = { score: sample.score, lead: sample.lead ?? sample.score };
  return sample.isTopRecorded === false
    ? { score: sample.bestRecordedScore ?? 0, lead: 0, unrecorded: own }
    : own;
}

/** The threshold report of the scoring in force (`isSemantic`: with sentence vectors). */
export function calibrate(state: MatcherState, isSemantic: boolean): ThresholdReport {
  if (typeof state.thresholdSetting === 'number') {
    return {
      setting: state.thresholdSetting,
      threshold: state.thresholdSetting,
      source: 'explicit',
    };
  }
  return calibrateAuto(state, isSemantic).report;
}

/**
 * Where the storyfile plays, asks back and falls back (issue 50): its own bars, from the scores its
 * automatic calibration asks (asked even under an explicit threshold, once per script version).
 */
export function calibrateDecision(state: MatcherState, isSemantic: boolean): DecisionReport {
  const threshold = calibrate(state, isSemantic).threshold;
  return chooseDecisionPolicy(
    calibrateAuto(state, isSemantic).scores,
    threshold,
    state.playRiskSetting,
    state.tuning.decision,
  );
}

/** The automatic calibration of the scoring in force, made again when the script changed. */
function calibrateAuto(state: MatcherState, isSemantic: boolean): Calibration {
  if (
    state.calibration?.isSemantic === isSemantic &&
    (state.calibration.version === state.scriptVersion ||
      (!state.calibration.isStale && state.driftTotal <= state.calibration.driftBudget))
  ) {
    return state.calibration;
  }
  // Back to the other scoring (a question without a vector): its threshold, if still current.
  if (
    state.spareCalibration?.isSemantic === isSemantic &&
    state.spareCalibration.version === state.scriptVersion
  ) {
    [state.calibration, state.spareCalibration] = [state.spareCalibration, state.calibration];
    return state.calibration;
  }
  state.spareCalibration =
    state.calibration?.version === state.scriptVersion ? state.calibration : undefined;
  const samples = state.index.answers.size > 0 ? collectCalibrationSamples(state, isSemantic) : [];
  const chosen = chooseAutoThreshold(samples, state.tuning.autoThreshold);
  const report: ThresholdReport = chosen
    ? { setting: 'auto', source: 'auto', ...chosen }
    : { setting: 'auto', threshold: DEFAULT_THRESHOLD, source: 'default' };
  return installCalibration(state, isSemantic, report, {
    neighbours: samples
      .filter((sample) => sample.isNeighbour === true)
      .map(decisionTopOf)
      .sort((a, b) => b.score - a.score),
    offTopic: samples
      .filter((sample) => sample.isOutOfScope && sample.isNeighbour !== true)
      .map(decisionTopOf)
      .sort((a, b) => b.score - a.score),
  });
}

/**
 * Makes a calibration of the current script the one in force (chosen just now, or restored from a
 * matcher of the same script: `matcher-trained.ts`), and the script as it is the one drift counts
 * from.
 */
export function installCalibration(
  state: MatcherState,
  isSemantic: boolean,
  report: ThresholdReport,
  scores: DecisionScores,
): Calibration {
  const phrasingCount = state.index.countPhrasings();
  state.calibration = {
    isSemantic,
    version: state.scriptVersion,
    report,
    scores,
    driftBudget:
      phrasingCount >= RECALIBRATION_MIN_PHRASINGS
        ? Math.floor(phrasingCount * RECALIBRATION_DRIFT_SHARE)
        : 0,
    isStale: false,
  };
  state.calibratedPhrasings = new Map(
    [...state.index.answers.values()].map((answer) => [
      answer.id,
      new Set(answer.phrasings.map((record) => record.text)),
    ]),
  );
  state.drift.clear();
  state.driftTotal = 0;
  return state.calibration;
}
