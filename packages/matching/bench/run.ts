// Benchmark of the answer matcher: storyfile-shaped runs (issue 13), then the comparison against
// NLP.js and MiniSearch. Not a test: prints tables and writes JSON. Usage: npm run bench:matching --
//   [--sections storyfile,classic] [--storyfile-train FILE,FILE] [--storyfile-eval FILE,FILE]
//   [--storyfile-sizes 30,60,100,150,300] [--storyfile-seeds 5] [--storyfile-phrasings 1]
//   [--train FILE] [--eval FILE]
//   [--split val|test] [--out FILE] [--matchers conversa,nlpjs,minisearch] [--min-oos-recall 0.6]
//   [--large 5000] [--no-review] [--embedder none|use-lite] [--faq FILE]
// Sections: faq (the real-scale development benchmark of issue 40, `data/faq-storyfile.json`),
// storyfile, classic.
// With --embedder use-lite, our matcher is measured three ways side by side: lexical (words
// alone), semantic only (sentence vectors alone) and combined (the product's scoring).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createMatcher,
  DEFAULT_MIN_OOS_RECALL,
  DEFAULT_THRESHOLD,
  DEFAULT_TUNING,
  OFF_TOPIC_QUESTIONS,
} from '../src/index.ts';
import type { Embedder, MatcherOptions } from '../src/index.ts';
import {
  CONTENDER_NAMES,
  conversaVariantOptions,
  createContender,
  SEMANTIC_CONTENDERS,
} from './contenders.ts';
import type { ContenderName } from './contenders.ts';
import { readEvalItems, readTrainFile } from './datasets.ts';
import type { IntentDefinition, Split } from './datasets.ts';
import { evaluateContender, measureLargeCase, pickPercentile } from './evaluate.ts';
import type { IncrementalResult, MatcherResult } from './evaluate.ts';
import { measureStoryfiles } from './storyfile.ts';
import type { StoryfileResult } from './storyfile.ts';
import { synthesizeStoryfile } from './synthesize.ts';
import { listFaqTexts, measureFaqConversa, measureFaqPeer, readFaqSlice } from './faq.ts';
import type { FaqResult, FaqSlice } from './faq.ts';
import { prepareBenchVectors } from './vectors.ts';
import type { EmbedderName } from './vectors.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The few-shot files are copied in the package (sources and licences in data/README.md), so the
// bench runs on a bare clone; the larger `full` files are not shipped and must be named.
const dataDir = resolve(repoRoot, 'packages/matching/data');
// npm runs workspace scripts inside the package; paths on the command line mean the caller's cwd.
const callerDir = process.env.INIT_CWD ?? process.cwd();

function resolveFromCaller(path: string): string {
  return isAbsolute(path) ? path : resolve(callerDir, path);
}

/** Fails with a hint when a data file is missing (the defaults live outside the repository). */
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

function parseSplit(value: string): Split {
  if (value !== 'val' && value !== 'test') {
    throw new Error(`--split must be val or test, got ${value}`);
  }
  return value;
}

function parseMatchers(value: string): ContenderName[] {
  return value.split(',').map((name) => {
    const trimmed = name.trim();
    if (!CONTENDER_NAMES.includes(trimmed as ContenderName)) {
      throw new Error(`unknown matcher ${trimmed}; known: ${CONTENDER_NAMES.join(', ')}`);
    }
    return trimmed as ContenderName;
  });
}

function formatRate(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

function formatMs(value: number): string {
  return value < 10 ? value.toFixed(3) : value.toFixed(0);
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) {
    console.log(line(row));
  }
}

/**
 * Builds our matcher on `answers` three times (median build time), then edits one phrasing of one
 * answer again and again, timing the edit and the first question after it (which pays for the
 * lazily refreshed norms). Questions are asked first so that the timings are of optimised code.
 */
function measureConversaIncremental(answers: readonly IntentDefinition[]): IncrementalResult {
  const buildTimes: number[] = [];
  const buildCpuTimes: number[] = [];
  let matcher = createMatcher();
  for (let round = 0; round < 3; round++) {
    matcher = createMatcher();
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    for (const answer of answers) {
      const [question = '', ...alternates] = answer.examples;
      matcher.upsertAnswer({ id: answer.id, question, alternates });
    }
    matcher.match('warm up the index');
    buildTimes.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    buildCpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  for (const answer of answers.slice(0, 300)) {
    matcher.match(answer.examples.at(-1) ?? '');
  }
  const target = answers[Math.floor(answers.length / 2)];
  const editTimes: number[] = [];
  const nextQuestionTimes: number[] = [];
  for (let round = 0; round < 21 && target; round++) {
    const [question = '', ...alternates] = target.examples;
    const started = performance.now();
    matcher.upsertAnswer({ id: target.id, question, alternates: [...alternates, `edit ${round}`] });
    const edited = performance.now();
    matcher.match(question);
    nextQuestionTimes.push(performance.now() - edited);
    editTimes.push(edited - started);
  }
  buildTimes.sort((a, b) => a - b);
  buildCpuTimes.sort((a, b) => a - b);
  editTimes.sort((a, b) => a - b);
  nextQuestionTimes.sort((a, b) => a - b);
  return {
    answers: answers.length,
    buildMs: pickPercentile(buildTimes, 0.5),
    buildCpuMs: pickPercentile(buildCpuTimes, 0.5),
    editMs: pickPercentile(editTimes, 0.5),
    nextQuestionMs: pickPercentile(nextQuestionTimes, 0.5),
  };
}

function formatShare(count: number, total: number): string {
  return total === 0 ? '—' : formatRate(count / total);
}

/**
 * Storyfile-shaped section: for each dataset and size, `seeds` storyfiles of sampled intents, at
 * the automatic threshold (what a brand-new storyfile gets) and at `DEFAULT_THRESHOLD`.
 */
function runStoryfileSection(options: {
  trainPaths: string[];
  evalPaths: string[] | undefined;
  split: Split;
  sizes: number[];
  seeds: number;
  embedder: Embedder | undefined;
  phrasings: number | undefined;
}): StoryfileResult[] {
  const results: StoryfileResult[] = [];
  // Lexical at the automatic threshold and at DEFAULT_THRESHOLD; with vectors, automatic only.
  const variants: { scoring: string; setting: 'auto' | number; options: MatcherOptions }[] = [
    { scoring: 'lexical', setting: 'auto', options: {} },
    { scoring: 'lexical', setting: DEFAULT_THRESHOLD, options: {} },
    ...(options.embedder
      ? [
          {
            scoring: 'semantic only',
            setting: 'auto' as const,
            options: conversaVariantOptions('conversa-semantic', options.embedder),
          },
          {
            scoring: 'combined',
            setting: 'auto' as const,
            options: conversaVariantOptions('conversa-combined', options.embedder),
          },
        ]
      : []),
  ];
  const scorings: string[] = [];
  const notes: string[] = [];
  options.trainPaths.forEach((trainPath, position) => {
    const train = readTrainFile(trainPath);
    const evalPath = options.evalPaths?.[position];
    const questions = evalPath ? readEvalItems(evalPath, options.split) : train.val;
    const split = evalPath ? options.split : 'val';
    console.log(
      `storyfiles from ${train.name} (${train.intents.length} intents), questions: ` +
        `${evalPath ?? trainPath} [${split}], ${questions.length} items`,
    );
    for (const size of options.sizes) {
      if (size > train.intents.length) {
        notes.push(
          `${train.name}: N=${size} is impossible, the dataset has ${train.intents.length} intents`,
        );
        continue;
      }
      for (const { scoring, setting, options: matcherOptions } of variants) {
        const started = performance.now();
        const result = measureStoryfiles({
          dataset: `${train.name} ${split}`,
          intents: train.intents,
          questions,
          size,
          seeds: size === train.intents.length ? 1 : options.seeds,
          setting,
          matcherOptions,
          phrasings: options.phrasings,
        });
        results.push(result);
        scorings.push(scoring);
        console.log(
          `  N=${size} ${scoring}, threshold ${String(setting)}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
  });
  console.log('');
  printTable(
    [
      'dataset',
      'N',
      'seeds',
      'scoring',
      'threshold',
      'answered right',
      'closed-set',
      'wrong answer: off-topic',
      'wrong answer: OOS',
      'fallback: in-scope / off-topic / OOS',
      'thresholds in force',
      'calibration ms',
      'ask p50 ms',
      'frontier: right at ≤10% off-topic (t)',
    ],
    results.map((result, position) => [
      result.dataset,
      String(result.answers),
      String(result.seeds),
      scorings[position] ?? 'lexical',
      result.threshold,
      formatShare(result.answeredRight, result.inScope),
      formatShare(result.closedRight, result.inScope),
      formatShare(result.offTopicAnswered, result.offTopic),
      formatShare(result.outOfScopeAnswered, result.outOfScope),
      [
        formatShare(result.inScopeFallback, result.inScope),
        formatShare(result.offTopicFallback, result.offTopic),
        formatShare(result.outOfScopeFallback, result.outOfScope),
      ].join(' / '),
      `${Math.min(...result.thresholds).toFixed(3)}–${Math.max(...result.thresholds).toFixed(3)}`,
      result.calibrationMs === null ? '—' : formatMs(result.calibrationMs),
      formatMs(result.askP50Ms),
      result.frontier
        ? `${formatRate(result.frontier.answeredRight)} (${result.frontier.threshold.toFixed(3)})`
        : '—',
    ]),
  );
  for (const note of notes) {
    console.log(note);
  }
  console.log(
    "in scope: held-out questions of the storyfile's own intents; off-topic: those of every other " +
      "intent; OOS: the dataset's out-of-scope items. Wrong answer = any answer to an off-topic or OOS question.\n" +
      'frontier: the one threshold (all seeds) that answers the most in-scope questions right with at most ' +
      '10% of the off-topic ones answered; it bounds what any threshold rule can reach with this scorer.\n',
  );
  return results;
}

/**
 * Real-scale section (issue 40): one storyfile of a couple of hundred answers scripted with one
 * question each; ours with and without transcripts, the rule of 2026-11-25 beside the current one,
 * NLP.js and MiniSearch on the same script.
 */
async function runFaqSection(
  slice: FaqSlice,
  embedder: Embedder | undefined,
): Promise<FaqResult[]> {
  // The automatic threshold as it was before issue 40: neighbour questions counted on a script
  // without alternates (`minHeldOutSamples` 0 lets them in; with no held-out phrasing nothing else moves).
  const before = {
    autoThreshold: { ...DEFAULT_TUNING.autoThreshold, minHeldOutSamples: 0 },
  };
  const variants: { name: string; options: MatcherOptions; withTranscripts: boolean }[] = [
    {
      name: 'conversa lexical, rule of 11-25',
      options: { tuning: before },
      withTranscripts: false,
    },
    { name: 'conversa lexical', options: {}, withTranscripts: false },
    { name: 'conversa lexical + transcripts', options: {}, withTranscripts: true },
    ...(embedder
      ? [
          {
            name: 'conversa combined, rule of 11-25',
            options: { embedder, tuning: before },
            withTranscripts: false,
          },
          { name: 'conversa combined', options: { embedder }, withTranscripts: false },
          {
            name: 'conversa combined + transcripts',
            options: { embedder },
            withTranscripts: true,
          },
        ]
      : []),
  ];
  const results: FaqResult[] = [];
  for (const variant of variants) {
    const started = performance.now();
    results.push(measureFaqConversa({ ...variant, slice }));
    console.log(`  ${variant.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const name of ['nlpjs', 'minisearch'] as const) {
    results.push(await measureFaqPeer(createContender(name), slice));
  }
  console.log(
    `\nreal-scale storyfile ${slice.name}: ${slice.answers.length} answers scripted with one question ` +
      `each, ${slice.questions.length} held-out questions, ${slice.offTopic.length} off-topic\n`,
  );
  printTable(
    [
      'matcher',
      'threshold',
      'best match',
      'right in best 3',
      'answered right',
      'answered wrong',
      'answered or offered (≤ 3)',
      'off-topic answered',
      'off-topic offered',
      'frontier: right at ≤ 5 / 10 / 15% off-topic answered',
    ],
    results.map((result) => [
      result.matcher,
      result.threshold === null ? '—' : result.threshold.toFixed(3),
      formatRate(result.bestMatch),
      formatRate(result.top3),
      formatRate(result.answeredRight),
      formatRate(result.answeredWrong),
      formatRate(result.answeredOrOffered),
      formatRate(result.offTopicAnswered),
      formatRate(result.offTopicOffered),
      result.frontier.map((point) => formatRate(point.answeredRight)).join(' / '),
    ]),
  );
  console.log(
    'answered or offered: the right answer played, or among the suggestions of chooseSuggestions ' +
      '(asked back instead of the fallback or of a near-tie). Peers have no threshold: their frontier ' +
      'is read on their own scores.\n',
  );
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sections: { type: 'string', default: 'faq,storyfile,classic' },
      faq: { type: 'string', default: resolve(dataDir, 'faq-storyfile.json') },
      'storyfile-train': {
        type: 'string',
        default: ['clinc150.fewshot5.json', 'banking77.fewshot5.json']
          .map((file) => resolve(dataDir, file))
          .join(','),
      },
      'storyfile-eval': { type: 'string' },
      'storyfile-sizes': { type: 'string', default: '30,60,100,150,300' },
      'storyfile-seeds': { type: 'string', default: '5' },
      'storyfile-phrasings': { type: 'string' },
      train: { type: 'string', default: resolve(dataDir, 'clinc150.fewshot5.json') },
      eval: { type: 'string' },
      split: { type: 'string', default: 'val' },
      out: { type: 'string', default: resolve(repoRoot, 'bench-results/matching.json') },
      matchers: { type: 'string', default: CONTENDER_NAMES.join(',') },
      'min-oos-recall': { type: 'string', default: String(DEFAULT_MIN_OOS_RECALL) },
      large: { type: 'string', default: '0' },
      'large-questions': { type: 'string', default: '1000' },
      'large-sources': { type: 'string' },
      'no-review': { type: 'boolean', default: false },
      embedder: { type: 'string', default: 'none' },
    },
  });
  if (values.embedder !== 'none' && values.embedder !== 'use-lite') {
    throw new Error(`--embedder must be none or use-lite, got ${values.embedder}`);
  }
  const embedderName: EmbedderName = values.embedder;
  const trainPath = resolveFromCaller(values.train);
  const evalPath = resolveFromCaller(values.eval ?? values.train);
  const split = parseSplit(values.split);
  const outPath = resolveFromCaller(values.out);
  const matchers = parseMatchers(values.matchers).filter(
    (name) => embedderName !== 'none' || !SEMANTIC_CONTENDERS.includes(name),
  );
  const minOosRecall = Number(values['min-oos-recall']);
  const largeCount = Number(values.large);
  const sections = new Set(values.sections.split(',').map((section) => section.trim()));
  const storyfileTrainPaths = values['storyfile-train'].split(',').map(resolveFromCaller);
  const storyfileEvalPaths = values['storyfile-eval']?.split(',').map(resolveFromCaller);

  // Every text the run will index or ask, embedded ahead in batches (cached on disk).
  let embedder: Embedder | undefined;
  if (embedderName !== 'none') {
    const texts: string[] = [...OFF_TOPIC_QUESTIONS];
    if (sections.has('faq')) {
      texts.push(...listFaqTexts(readFaqSlice(resolveFromCaller(values.faq))));
    }
    const addFile = (path: string, withSplit: boolean) => {
      if (!existsSync(path)) {
        return;
      }
      const file = readTrainFile(path);
      texts.push(...file.intents.flatMap((intent) => intent.examples));
      texts.push(...file.val.map((item) => item.text));
      if (withSplit) {
        texts.push(...readEvalItems(path, split).map((item) => item.text));
      }
    };
    if (sections.has('storyfile')) {
      storyfileTrainPaths.forEach((path) => addFile(path, false));
      storyfileEvalPaths?.forEach((path) => addFile(path, true));
    }
    if (sections.has('classic')) {
      addFile(trainPath, false);
      addFile(evalPath, true);
    }
    const prepared = await prepareBenchVectors(embedderName, texts);
    embedder = prepared?.embedder;
    if (prepared) {
      console.log(
        `embedder ${embedderName}: model load ${formatMs(prepared.loadMs)} ms, ` +
          `${prepared.computed} texts embedded now (the rest from node_modules/.cache), ` +
          `one cold question embedded alone: p50 ${prepared.singleMs === null ? '—' : formatMs(prepared.singleMs)} ms ` +
          '(add it to the combined and semantic ask p50 below: they are measured with the vector made)\n',
      );
    }
  }

  if (sections.has('faq')) {
    const faqResults = await runFaqSection(readFaqSlice(resolveFromCaller(values.faq)), embedder);
    const faqOut = outPath.replace(/(\.json)?$/, '-faq.json');
    mkdirSync(dirname(faqOut), { recursive: true });
    writeFileSync(faqOut, `${JSON.stringify(faqResults, null, 2)}\n`);
    console.log(`wrote ${faqOut}`);
  }
  if (sections.has('storyfile')) {
    const trainPaths = storyfileTrainPaths;
    const evalPaths = storyfileEvalPaths;
    assertReadable([...trainPaths, ...(evalPaths ?? [])]);
    const storyfileResults = runStoryfileSection({
      embedder,
      trainPaths,
      evalPaths,
      split,
      sizes: values['storyfile-sizes'].split(',').map(Number),
      seeds: Number(values['storyfile-seeds']),
      phrasings:
        values['storyfile-phrasings'] === undefined
          ? undefined
          : Number(values['storyfile-phrasings']),
    });
    const storyfileOut = outPath.replace(/(\.json)?$/, '-storyfile.json');
    mkdirSync(dirname(storyfileOut), { recursive: true });
    writeFileSync(storyfileOut, `${JSON.stringify(storyfileResults, null, 2)}\n`);
    console.log(`wrote ${storyfileOut}`);
  }
  if (!sections.has('classic')) {
    return;
  }

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
  for (const name of matchers) {
    const started = performance.now();
    const result = await evaluateContender({
      contender: createContender(name, embedder),
      intents: trainFile.intents,
      calibrationItems: trainFile.val,
      evalItems,
      split,
      minOosRecall,
      fallbackThreshold: name.startsWith('conversa') ? DEFAULT_THRESHOLD : 0,
      isReviewRun: !values['no-review'] && trainFile.val.length > 0,
    });
    results.push(result);
    console.log(`  ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  if (largeCount > 0) {
    if (!values['large-sources']) {
      throw new Error('--large needs --large-sources FILE,FILE: the full datasets are not shipped');
    }
    const sourcePaths = values['large-sources'].split(',').map(resolveFromCaller);
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
    const questionCount = Math.min(storyfile.questions.length, Number(values['large-questions']));
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
    if (matchers.includes('conversa')) {
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

await main();
