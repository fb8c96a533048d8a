import { calibrateThreshold, evaluateThreshold } from '../src/index.ts';
import type { CalibrationSample } from '../src/index.ts';
import type { Contender, Prediction } from './contenders.ts';
import type { EvalItem, IntentDefinition, Split } from './datasets.ts';

/** One matcher's row of the results: the JSON shape the issue asks for, plus the review round. */
export interface MatcherResult {
  matcher: string;
  closedAccuracy: number;
  inScopeAccuracy: number | null;
  oosRecall: number | null;
  oosPrecision: number | null;
  p50Ms: number;
  p95Ms: number;
  trainMs: number;
  /** Per-question process CPU time: what latency would be on an otherwise idle machine. */
  p50CpuMs: number;
  p95CpuMs: number;
  /** Thresholds used (one per val fold when evaluating val, else one). */
  thresholds: number[];
  review: ReviewResult | null;
  large: LargeResult | null;
  /** Ours only: build and single-edit timings at 2,000 answers and at the large size. */
  incremental: IncrementalResult[] | null;
}

export interface IncrementalResult {
  answers: number;
  buildMs: number;
  /** Process CPU time of the build, less sensitive than wall time to other load on the machine. */
  buildCpuMs: number;
  editMs: number;
  nextQuestionMs: number;
}

export interface ReviewResult {
  addedAlternates: number;
  closedAccuracyBefore: number;
  closedAccuracyAfter: number;
  inScopeAccuracyBefore: number | null;
  inScopeAccuracyAfter: number | null;
  retrainMs: number;
}

export interface LargeResult {
  answers: number;
  phrasings: number;
  questions: number;
  trainMs: number;
  p50Ms: number;
  p95Ms: number;
  p50CpuMs: number;
  p95CpuMs: number;
  /** Top answer belongs to the question's intent (answers are chunks of intents). */
  closedAccuracy: number;
}

export interface EvaluationInput {
  contender: Contender;
  intents: readonly IntentDefinition[];
  /** The train file's `val` items: where thresholds are chosen. */
  calibrationItems: readonly EvalItem[];
  evalItems: readonly EvalItem[];
  split: Split;
  minOosRecall: number;
  fallbackThreshold: number;
  isReviewRun: boolean;
}

/** Value at the given quantile (0–1) of already sorted numbers, nearest-rank. */
export function pickPercentile(sorted: readonly number[], quantile: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

function makeItemKey(item: EvalItem): string {
  return `${item.intent ?? ''}\u0000${item.text}`;
}

function makeSample(item: EvalItem, prediction: Prediction): CalibrationSample {
  return {
    score: prediction.score,
    isOutOfScope: item.intent === null,
    isTopCorrect: item.intent !== null && prediction.intent === item.intent,
  };
}

/** Measures one prediction, awaiting only when the contender is asynchronous. */
async function timePrediction(
  contender: Contender,
  text: string,
): Promise<{ prediction: Prediction; ms: number; cpuMs: number }> {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const pending = contender.predict(text);
  const prediction = pending instanceof Promise ? await pending : pending;
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  return { prediction, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Collects wall and CPU times per question and reports their p50 and p95. */
function createLatencyLog() {
  const wall: number[] = [];
  const cpu: number[] = [];
  return {
    add(timing: { ms: number; cpuMs: number }) {
      wall.push(timing.ms);
      cpu.push(timing.cpuMs);
    },
    summarize() {
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      return {
        p50Ms: pickPercentile(wall, 0.5),
        p95Ms: pickPercentile(wall, 0.95),
        p50CpuMs: pickPercentile(cpu, 0.5),
        p95CpuMs: pickPercentile(cpu, 0.95),
      };
    },
  };
}

const WARM_UP_QUESTIONS = 200;

/**
 * Asks every contender the same training phrasings before timing, so that latency figures are of
 * code the JIT has optimised, as in a long-running server, rather than of its first few calls.
 */
async function warmUp(contender: Contender, intents: readonly IntentDefinition[]): Promise<void> {
  const stride = Math.max(1, Math.floor(intents.length / WARM_UP_QUESTIONS));
  for (let i = 0; i < intents.length; i += stride) {
    await timePrediction(contender, intents[i]?.examples.at(-1) ?? 'hello');
  }
}

/** Fraction of in-scope items whose top prediction is right, ignoring the threshold. */
function computeClosedAccuracy(items: readonly EvalItem[], predictions: readonly Prediction[]) {
  let total = 0;
  let correct = 0;
  items.forEach((item, index) => {
    if (item.intent !== null) {
      total++;
      if (predictions[index]?.intent === item.intent) {
        correct++;
      }
    }
  });
  return total > 0 ? correct / total : 0;
}

/** Val items are split in two folds by position; a fold never calibrates its own threshold. */
function getFold(index: number): number {
  return index % 2;
}

/** Runs one contender over the data and returns its row. */
export async function evaluateContender(input: EvaluationInput): Promise<MatcherResult> {
  const { contender, intents, calibrationItems, evalItems } = input;
  const trainStarted = performance.now();
  await contender.train(intents);
  // The first question pays for lazy index work and belongs to training.
  await timePrediction(contender, intents[0]?.examples[0] ?? 'hello');
  const trainMs = performance.now() - trainStarted;
  await warmUp(contender, intents);

  const predictions: Prediction[] = [];
  const latencies = createLatencyLog();
  const memo = new Map<string, Prediction>();
  for (const item of evalItems) {
    const timing = await timePrediction(contender, item.text);
    predictions.push(timing.prediction);
    latencies.add(timing);
    memo.set(item.text, timing.prediction);
  }

  const calibrationPredictions: Prediction[] = [];
  for (const item of calibrationItems) {
    calibrationPredictions.push(
      memo.get(item.text) ?? (await timePrediction(contender, item.text)).prediction,
    );
  }
  const calibrationSamples = calibrationItems.map((item, index) =>
    makeSample(item, calibrationPredictions[index] ?? { intent: null, score: 0 }),
  );

  // With `--split val` the evaluated items are (or may be) the calibration items themselves, so
  // each val fold is decided by a threshold chosen on the calibration items outside that fold.
  const thresholds: number[] = [];
  const shiftedSamples: CalibrationSample[] = [];
  const evalSamples = evalItems.map((item, index) =>
    makeSample(item, predictions[index] ?? { intent: null, score: 0 }),
  );
  const calibrate = (samples: readonly CalibrationSample[]) =>
    calibrateThreshold(samples, {
      minOosRecall: input.minOosRecall,
      fallbackThreshold: input.fallbackThreshold,
    }).threshold;
  if (input.split === 'val') {
    for (const fold of [0, 1]) {
      const foldKeys = new Set(
        evalItems.filter((_, index) => getFold(index) === fold).map((item) => makeItemKey(item)),
      );
      const threshold = calibrate(
        calibrationSamples.filter(
          (_, index) => !foldKeys.has(makeItemKey(calibrationItems[index]!)),
        ),
      );
      thresholds.push(threshold);
      evalSamples.forEach((sample, index) => {
        if (getFold(index) === fold) {
          shiftedSamples.push({ ...sample, score: sample.score - threshold });
        }
      });
    }
  } else {
    const threshold = calibrate(calibrationSamples);
    thresholds.push(threshold);
    shiftedSamples.push(
      ...evalSamples.map((sample) => ({ ...sample, score: sample.score - threshold })),
    );
  }
  const outcome = evaluateThreshold(shiftedSamples, 0);

  const review = input.isReviewRun
    ? await simulateReviewRound(input, calibrationPredictions, calibrationSamples, calibrate)
    : null;

  return {
    matcher: contender.name,
    closedAccuracy: computeClosedAccuracy(evalItems, predictions),
    inScopeAccuracy: outcome.inScopeAccuracy,
    oosRecall: outcome.oosRecall,
    oosPrecision: outcome.oosPrecision,
    ...latencies.summarize(),
    trainMs,
    thresholds,
    review,
    large: null,
    incremental: null,
  };
}

/**
 * Review round on the train file's val: the in-scope misses of fold 0 become alternates of their
 * right answers, then fold 1 is measured before and after. The threshold is the one chosen on
 * fold 0 before the review, as a storyfile's owner would have it.
 */
async function simulateReviewRound(
  input: EvaluationInput,
  predictionsBefore: readonly Prediction[],
  samplesBefore: readonly CalibrationSample[],
  calibrate: (samples: readonly CalibrationSample[]) => number,
): Promise<ReviewResult> {
  const { contender, calibrationItems } = input;
  const reviewed = calibrationItems
    .map((item, index) => ({ item, prediction: predictionsBefore[index], index }))
    .filter(
      ({ item, prediction, index }) =>
        getFold(index) === 0 && item.intent !== null && prediction?.intent !== item.intent,
    )
    .map(({ item }) => ({ intent: item.intent as string, text: item.text }));
  const threshold = calibrate(samplesBefore.filter((_, index) => getFold(index) === 0));

  const heldOut = calibrationItems.filter((_, index) => getFold(index) === 1);
  const heldOutBefore = predictionsBefore.filter((_, index) => getFold(index) === 1);
  const retrainStarted = performance.now();
  await contender.addExamples(reviewed);
  await timePrediction(contender, heldOut[0]?.text ?? 'hello');
  const retrainMs = performance.now() - retrainStarted;
  const heldOutAfter: Prediction[] = [];
  for (const item of heldOut) {
    heldOutAfter.push((await timePrediction(contender, item.text)).prediction);
  }
  const inScopeAt = (predictions: readonly Prediction[]) =>
    evaluateThreshold(
      heldOut.map((item, index) =>
        makeSample(item, predictions[index] ?? { intent: null, score: 0 }),
      ),
      threshold,
    ).inScopeAccuracy;
  return {
    addedAlternates: reviewed.length,
    closedAccuracyBefore: computeClosedAccuracy(heldOut, heldOutBefore),
    closedAccuracyAfter: computeClosedAccuracy(heldOut, heldOutAfter),
    inScopeAccuracyBefore: inScopeAt(heldOutBefore),
    inScopeAccuracyAfter: inScopeAt(heldOutAfter),
    retrainMs,
  };
}

/** Builds the contender on many answers and measures build time, latency and accuracy. */
export async function measureLargeCase(
  contender: Contender,
  answers: readonly IntentDefinition[],
  questions: readonly EvalItem[],
  intentOfAnswer: ReadonlyMap<string, string>,
): Promise<LargeResult> {
  const started = performance.now();
  await contender.train(answers);
  await timePrediction(contender, answers[0]?.examples[0] ?? 'hello');
  const trainMs = performance.now() - started;
  await warmUp(contender, answers);
  const latencies = createLatencyLog();
  let inScope = 0;
  let correct = 0;
  for (const question of questions) {
    const timing = await timePrediction(contender, question.text);
    const prediction = timing.prediction;
    latencies.add(timing);
    if (question.intent !== null) {
      inScope++;
      if (prediction.intent !== null && intentOfAnswer.get(prediction.intent) === question.intent) {
        correct++;
      }
    }
  }
  return {
    answers: answers.length,
    phrasings: answers.reduce((sum, answer) => sum + answer.examples.length, 0),
    questions: questions.length,
    trainMs,
    ...latencies.summarize(),
    closedAccuracy: inScope > 0 ? correct / inScope : 0,
  };
}
