/** One labelled question as the matcher scored it, for choosing a threshold. */
export interface CalibrationSample {
  /** Score of the top candidate (0 when there was none). */
  score: number;
  /** The question has no right answer: the fallback is the right outcome. */
  isOutOfScope: boolean;
  /** For an in-scope question: the top candidate is its right answer. */
  isTopCorrect: boolean;
  /**
   * An out-of-scope question taken from the script itself: a phrasing of one answer asked with that
   * whole answer left out (a question on the storyfile's own subject that it does not answer).
   */
  isNeighbour?: boolean;
  /**
   * The top candidate's lead over the next recorded one, or over the next of any kind when the top
   * has no video (its whole score when none).
   */
  lead?: number;
  /** The top candidate has a video (false: it is never played, whatever it scores). */
  isTopRecorded?: boolean;
  /** The best recorded candidate's score (the top's when it is recorded). */
  bestRecordedScore?: number;
}

export interface CalibrationOptions {
  /** Share of out-of-scope questions that must reach the fallback (default 0.6). */
  minOosRecall?: number;
  /** Returned when the samples hold no out-of-scope question to calibrate against. */
  fallbackThreshold: number;
}

/** Rates obtained on a set of samples at one threshold; `null` where the samples have no such item. */
export interface ThresholdOutcome {
  threshold: number;
  inScopeAccuracy: number | null;
  oosRecall: number | null;
  oosPrecision: number | null;
}

export const DEFAULT_MIN_OOS_RECALL = 0.6;

/** Measures in-scope accuracy and out-of-scope recall/precision when answering at `score >= threshold`. */
export function evaluateThreshold(
  samples: readonly CalibrationSample[],
  threshold: number,
): ThresholdOutcome {
  let inScope = 0;
  let inScopeCorrect = 0;
  let oos = 0;
  let oosCaught = 0;
  let fallbacks = 0;
  for (const sample of samples) {
    const isAnswered = sample.score >= threshold;
    if (!isAnswered) {
      fallbacks++;
    }
    if (sample.isOutOfScope) {
      oos++;
      if (!isAnswered) {
        oosCaught++;
      }
    } else {
      inScope++;
      if (isAnswered && sample.isTopCorrect) {
        inScopeCorrect++;
      }
    }
  }
  return {
    threshold,
    inScopeAccuracy: inScope > 0 ? inScopeCorrect / inScope : null,
    oosRecall: oos > 0 ? oosCaught / oos : null,
    oosPrecision: oos > 0 ? (fallbacks > 0 ? oosCaught / fallbacks : 0) : null,
  };
}

/**
 * Chooses a storyfile's out-of-scope threshold from labelled questions.
 *
 * Rule: the lowest threshold at which at least `minOosRecall` of the out-of-scope questions reach
 * the fallback. In-scope accuracy can only fall as the threshold rises, so this is also the
 * threshold with the best in-scope accuracy under that recall floor. Thresholds are placed midway
 * between neighbouring observed scores so that a slightly different question is not decided by a
 * hair. Without out-of-scope samples there is nothing to trade against, so `fallbackThreshold` is
 * returned.
 */
export function calibrateThreshold(
  samples: readonly CalibrationSample[],
  options: CalibrationOptions,
): ThresholdOutcome {
  const minOosRecall = options.minOosRecall ?? DEFAULT_MIN_OOS_RECALL;
  const oosScores = samples
    .filter((sample) => sample.isOutOfScope)
    .map((sample) => sample.score)
    .sort((a, b) => a - b);
  if (oosScores.length === 0) {
    return evaluateThreshold(samples, options.fallbackThreshold);
  }
  const needed = Math.min(oosScores.length, Math.ceil(minOosRecall * oosScores.length - 1e-9));
  if (needed <= 0) {
    return evaluateThreshold(samples, 0);
  }
  // The threshold must sit above the `needed`-th lowest out-of-scope score.
  const floor = oosScores[needed - 1] ?? 0;
  let next = Number.POSITIVE_INFINITY;
  for (const sample of samples) {
    if (sample.score > floor && sample.score < next) {
      next = sample.score;
    }
  }
  const threshold = Number.isFinite(next) ? (floor + next) / 2 : floor + 1e-6;
  return evaluateThreshold(samples, threshold);
}

/** How the automatic threshold trades held-out phrasings against built-in off-topic questions. */
export interface AutoThresholdOptions {
  /** Share of the built-in off-topic questions that may still get an answer. */
  maxNegativeRate: number;
  /**
   * Share of the neighbour questions (another answer's phrasings, that answer left out) that may
   * still get an answer; the threshold is raised to this if the built-in questions ask for less.
   */
  maxNeighbourRate: number;
  /** …counted only when at least this many neighbour questions were asked (a tiny script's few are noise). */
  minNeighbourSamples: number;
  /**
   * Without `minHeldOutSamples` held-out phrasings, the allowed share of neighbour questions is
   * `maxNeighbourRate` × (their number / this) when they are more than this many.
   */
  neighbourScale: number;
  /** Share of the held-out phrasings answered right that must stay answered… */
  minHeldOutRecall: number;
  /** …when at least this many held-out phrasings rank their own answer first. */
  minHeldOutSamples: number;
  /** Bounds on the chosen threshold. */
  floor: number;
  ceiling: number;
}

/** What the automatic threshold was chosen from, and what it gives on those samples. */
export interface AutoThresholdOutcome {
  threshold: number;
  /** Stored phrasings asked with themselves left out, and the share of them answered right. */
  heldOutCount: number;
  heldOutAnsweredRight: number | null;
  /** Built-in off-topic questions scored, and the share of them that would get an answer. */
  negativeCount: number;
  negativesAnswered: number;
  /** Neighbour questions scored, and the share of them that would get an answer. */
  neighbourCount: number;
  neighboursAnswered: number;
}

/**
 * Chooses a storyfile's threshold from its own samples (see `Matcher.getThresholdReport`): the
 * lowest threshold at which at most `maxNegativeRate` of the built-in off-topic questions get an
 * answer, lowered if needed so that at least `minHeldOutRecall` of the held-out phrasings that rank
 * their own answer first are still answered; then raised, if needed, to the lowest threshold at
 * which at most `maxNeighbourRate` of the neighbour questions get an answer (when there are at least
 * `minNeighbourSamples` of them); then clamped to
 * [floor, ceiling]. `undefined` when there are no off-topic samples to measure against.
 */
export function chooseAutoThreshold(
  samples: readonly CalibrationSample[],
  options: AutoThresholdOptions,
): AutoThresholdOutcome | undefined {
  const negatives = samples
    .filter((sample) => sample.isOutOfScope && sample.isNeighbour !== true)
    .map((sample) => sample.score)
    .sort((a, b) => b - a);
  const neighbours = samples
    .filter((sample) => sample.isOutOfScope && sample.isNeighbour === true)
    .map((sample) => sample.score)
    .sort((a, b) => b - a);
  if (negatives.length === 0) {
    return undefined;
  }
  const heldOut = samples.filter((sample) => !sample.isOutOfScope);
  const rightScores = heldOut
    .filter((sample) => sample.isTopCorrect)
    .map((sample) => sample.score)
    .sort((a, b) => b - a);
  // Answering at `score >= t`: t just above the (allowed + 1)-th highest negative score.
  const allowed = Math.floor(options.maxNegativeRate * negatives.length + 1e-9);
  let threshold =
    allowed < negatives.length ? (negatives[allowed] ?? 0) + THRESHOLD_STEP : options.floor;
  // A quantile of a few dozen held-out scores is noise; only a script with enough phrasings that
  // find their own answer may pull the threshold down below what the off-topic questions ask for.
  const kept = Math.ceil(options.minHeldOutRecall * rightScores.length - 1e-9);
  if (kept > 0 && rightScores.length >= options.minHeldOutSamples) {
    threshold = Math.min(threshold, rightScores[kept - 1] ?? threshold);
  }
  // Questions on the storyfile's own subject that it does not answer are what a small script
  // answers wrongly most often; the built-in questions (small talk, trivia) say nothing about them.
  // Without enough held-out phrasings (a script of one phrasing per answer, as authors write them:
  // issue 40) the neighbours say less the larger the script: a neighbour's best score is that of
  // the script's nearest other question, which at hundreds of answers is often a near-duplicate
  // scoring as high as a right answer, and holding them to 15% threw away half of the right answers
  // ranked first. So their allowed share grows with their number beyond `neighbourScale`.
  const neighbourRate =
    heldOut.length >= options.minHeldOutSamples
      ? options.maxNeighbourRate
      : options.maxNeighbourRate * Math.max(1, neighbours.length / options.neighbourScale);
  const allowedNeighbours = Math.floor(Math.min(1, neighbourRate) * neighbours.length + 1e-9);
  if (neighbours.length >= options.minNeighbourSamples && allowedNeighbours < neighbours.length) {
    threshold = Math.max(threshold, (neighbours[allowedNeighbours] ?? 0) + THRESHOLD_STEP);
  }
  threshold = Math.min(options.ceiling, Math.max(options.floor, threshold));
  threshold = Math.round(threshold * 1e4) / 1e4;
  const outcome = evaluateThreshold(samples, threshold);
  return {
    threshold,
    heldOutCount: heldOut.length,
    heldOutAnsweredRight: outcome.inScopeAccuracy,
    negativeCount: negatives.length,
    negativesAnswered: negatives.filter((score) => score >= threshold).length / negatives.length,
    neighbourCount: neighbours.length,
    neighboursAnswered:
      neighbours.length > 0
        ? neighbours.filter((score) => score >= threshold).length / neighbours.length
        : 0,
  };
}

// Scores are rounded to 1e-6; a step of 1e-4 keeps the threshold readable and off any sample.
const THRESHOLD_STEP = 1e-4;
