// The classic comparison (issue 13): our matcher against NLP.js and MiniSearch on one dataset's
// answers (closed-set and in-scope accuracy, out-of-scope recall and precision, latency, training),
// and optionally a synthetic storyfile of thousands of answers.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_THRESHOLD } from '../src/index.ts';
import type { Embedder } from '../src/index.ts';
import { createContender, SEMANTIC_CONTENDERS } from './contenders.ts';
import type { ContenderName } from './contenders.ts';
import { readEvalItems, readTrainFile } from './datasets.ts';
import type { Split } from './datasets.ts';
import { evaluateContender, measureLargeCase } from './evaluate.ts';
import type { IncrementalResult, MatcherResult } from './evaluate.ts';
import { formatMs, formatRate, printTable } from './format.ts';
import { measureConversaIncremental } from './incremental.ts';
import { synthesizeStoryfile } from './synthesize.ts';
import type { EmbedderName } from './vectors.ts';

export interface ClassicOptions {
  trainPath: string;
  evalPath: string;
  split: Split;
  minOosRecall: number;
  largeCount: number;
  matchers: ContenderName[];
  largeQuestions: string;
  largeSources: string | undefined;
  noReview: boolean;
  resolveFromCaller: (path: string) => string;
}

export /** Fails with a hint when a data file is missing (the defaults live outside the repository). */
function assertReadable(paths: readonly string[]): void {
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `missing ${missing.join(', ')}: the 5,000-answer case needs the full dataset files, ` +
        'e.g. --large-sources clinc150.full.json,banking77.full.json (format in ' +
        'packages/matching/data/README.md), or --large 0 to skip it',
    );
  }
}

export async function runClassicSection(
  options: ClassicOptions,
  embedderName: EmbedderName,
  embedder: Embedder | undefined,
  outPath: string,
): Promise<void> {
  const { trainPath, evalPath, split, minOosRecall, largeCount, matchers } = options;
  const contenders = matchers.filter(
    (name) => embedderName !== 'none' || !SEMANTIC_CONTENDERS.includes(name),
  );

  assertReadable([trainPath, evalPath]);
  const trainFile = readTrainFile(trainPath);
  const evalItems = readEvalItems(evalPath, split);
  const phrasingCount = trainFile.intents.reduce((sum, intent) => sum + intent.examples.length, 0);
  console.log(
    `train ${trainPath}: ${trainFile.intents.length} answers, ${phrasingCount} phrasings; ` +
      `calibration = its val (${trainFile.val.length} items)`,
  );
  console.log(
    `eval ${evalPath} [${split}]: ${evalItems.length} items, ` +
      `${evalItems.filter((item) => item.intent === null).length} out-of-scope`,
  );

  const results: MatcherResult[] = [];
  const incrementalResults: IncrementalResult[] = [];
  for (const name of contenders) {
    const started = performance.now();
    const result = await evaluateContender({
      contender: createContender(name, embedder),
      intents: trainFile.intents,
      calibrationItems: trainFile.val,
      evalItems,
      split,
      minOosRecall,
      fallbackThreshold: name.startsWith('conversa') ? DEFAULT_THRESHOLD : 0,
      isReviewRun: !options.noReview && trainFile.val.length > 0,
    });
    results.push(result);
    console.log(`  ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  if (largeCount > 0) {
    if (!options.largeSources) {
      throw new Error('--large needs --large-sources FILE,FILE: the full datasets are not shipped');
    }
    const sourcePaths = options.largeSources.split(',').map(options.resolveFromCaller);
    assertReadable(sourcePaths);
    const sources = sourcePaths.map((path) => readTrainFile(path));
    const totalExamples = sources.reduce(
      (sum, source) =>
        sum + source.intents.reduce((inner, intent) => inner + intent.examples.length, 0),
      0,
    );
    const perAnswer = Math.max(1, Math.min(5, Math.floor(totalExamples / largeCount)));
    const storyfile = synthesizeStoryfile(sources, largeCount, perAnswer);
    // An evenly spaced, fixed sample keeps the slowest contender's run bounded.
    const questionCount = Math.min(storyfile.questions.length, Number(options.largeQuestions));
    const stride = storyfile.questions.length / Math.max(1, questionCount);
    storyfile.questions = Array.from(
      { length: questionCount },
      (_, i) => storyfile.questions[Math.floor(i * stride)]!,
    );
    console.log(
      `large case: ${storyfile.answers.length} answers × ≤${perAnswer} phrasings from ` +
        `${sources.map((source) => source.name).join(' + ')}, ${storyfile.questions.length} questions`,
    );
    for (const result of results) {
      // NLP.js trains one neural output per answer; thousands of outputs do not train in bounded time.
      if (result.matcher === 'nlpjs') {
        continue;
      }
      result.large = await measureLargeCase(
        createContender(result.matcher as ContenderName, embedder),
        storyfile.answers,
        storyfile.questions,
        storyfile.intentOfAnswer,
      );
    }
    if (contenders.includes('conversa')) {
      for (const size of [2000, storyfile.answers.length]) {
        const incremental = measureConversaIncremental(storyfile.answers.slice(0, size));
        incrementalResults.push(incremental);
        console.log(
          `  conversa incremental, ${incremental.answers} answers: build ${formatMs(incremental.buildMs)} ms ` +
            `(CPU ${formatMs(incremental.buildCpuMs)} ms; medians of 3); edit one phrasing ${formatMs(incremental.editMs)} ms, ` +
            `then the next question ${formatMs(incremental.nextQuestionMs)} ms (medians of 21)`,
        );
      }
    }
  }

  const ours = results.find((result) => result.matcher === 'conversa');
  if (ours && incrementalResults.length > 0) {
    ours.incremental = incrementalResults;
  }

  console.log('');
  printTable(
    [
      'matcher',
      'closed acc',
      'in-scope acc',
      'OOS recall',
      'OOS precision',
      'p50 ms',
      'p95 ms',
      'p50/p95 CPU ms',
      'train ms',
      'review: closed before → after',
    ],
    results.map((result) => [
      result.matcher,
      formatRate(result.closedAccuracy),
      formatRate(result.inScopeAccuracy),
      formatRate(result.oosRecall),
      formatRate(result.oosPrecision),
      formatMs(result.p50Ms),
      formatMs(result.p95Ms),
      `${formatMs(result.p50CpuMs)} / ${formatMs(result.p95CpuMs)}`,
      formatMs(result.trainMs),
      result.review
        ? `${formatRate(result.review.closedAccuracyBefore)} → ${formatRate(result.review.closedAccuracyAfter)} (+${result.review.addedAlternates} alternates)`
        : '—',
    ]),
  );
  const largeRows = results.filter((result) => result.large !== null);
  if (largeRows.length > 0) {
    console.log('');
    printTable(
      [
        'matcher',
        'answers',
        'phrasings',
        'closed acc (intent)',
        'p50 ms',
        'p95 ms',
        'p50/p95 CPU ms',
        'build ms',
      ],
      largeRows.map((result) => [
        result.matcher,
        String(result.large?.answers ?? 0),
        String(result.large?.phrasings ?? 0),
        formatRate(result.large?.closedAccuracy ?? null),
        formatMs(result.large?.p50Ms ?? 0),
        formatMs(result.large?.p95Ms ?? 0),
        `${formatMs(result.large?.p50CpuMs ?? 0)} / ${formatMs(result.large?.p95CpuMs ?? 0)}`,
        formatMs(result.large?.trainMs ?? 0),
      ]),
    );
  }
  console.log(
    `\nthresholds chosen on the train file's val (OOS recall ≥ ${minOosRecall}` +
      `${split === 'val' ? ', 2 folds, each fold decided by the other' : ''}): ` +
      results
        .map(
          (result) => `${result.matcher} ${result.thresholds.map((t) => t.toFixed(3)).join('/')}`,
        )
        .join(', '),
  );

  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${outPath}`);
}
