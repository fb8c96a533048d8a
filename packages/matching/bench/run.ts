// Benchmark of the answer matcher: storyfile-shaped runs (issue 13), then the comparison against
// NLP.js and MiniSearch. Not a test: prints tables and writes JSON. Usage: npm run bench:matching --
//   [--sections storyfile,classic] [--storyfile-train FILE,FILE] [--storyfile-eval FILE,FILE]
//   [--storyfile-sizes 30,60,100,150,300] [--storyfile-seeds 5] [--storyfile-phrasings 1]
//   [--train FILE] [--eval FILE]
//   [--split val|test] [--out FILE] [--matchers conversa,nlpjs,minisearch] [--min-oos-recall 0.6]
//   [--large 5000 --large-sources FILE,FILE] [--large-questions 1000] [--no-review]
//   [--embedder none|use-lite] [--faq FILE] [--visitor-log]
// --visitor-log (issue 50): the faq and storyfile sections measure the questions at odd positions,
// the automatic variants without and with those at even positions as the storyfile's log.
// Sections: faq (the real-scale development benchmark of issue 40, `data/faq-storyfile.json`),
// storyfile, classic, learning (issue 50's simulation on the faq slice) and partial (the faq slice
// with only some answers recorded); the last two are not run by default.
// With --embedder use-lite, our matcher is measured three ways side by side: lexical (words
// alone), semantic only (sentence vectors alone) and combined (the product's scoring).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MIN_OOS_RECALL, DEFAULT_THRESHOLD, OFF_TOPIC_QUESTIONS } from '../src/index.ts';
import type { Embedder } from '../src/index.ts';
import { CONTENDER_NAMES, createContender, SEMANTIC_CONTENDERS } from './contenders.ts';
import type { ContenderName } from './contenders.ts';
import { readEvalItems, readTrainFile } from './datasets.ts';
import type { Split } from './datasets.ts';
import { evaluateContender, measureLargeCase } from './evaluate.ts';
import type { IncrementalResult, MatcherResult } from './evaluate.ts';
import { runFaqSection } from './faq-section.ts';
import { runLearningSection } from './learning-section.ts';
import { runPartialSection } from './partial-section.ts';
import { listFaqTexts, readFaqSlice } from './faq.ts';
import { formatMs, formatRate, printTable } from './format.ts';
import { measureConversaIncremental } from './incremental.ts';
import { runStoryfileSection } from './storyfile-section.ts';
import { synthesizeStoryfile } from './synthesize.ts';
import { parseEmbedderName, prepareBenchVectors } from './vectors.ts';
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
      'visitor-log': { type: 'boolean', default: false },
      embedder: { type: 'string', default: 'none' },
    },
  });
  const embedderName: EmbedderName = parseEmbedderName(values.embedder);
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
    if (sections.has('faq') || sections.has('learning') || sections.has('partial')) {
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

  if (sections.has('learning')) {
    if (!embedder) {
      throw new Error(
        '--sections learning needs --embedder use-lite (the studio scores with vectors)',
      );
    }
    runLearningSection(readFaqSlice(resolveFromCaller(values.faq)), embedder);
  }
  if (sections.has('partial')) {
    const partialResults = runPartialSection(readFaqSlice(resolveFromCaller(values.faq)), embedder);
    const partialOut = outPath.replace(/(\.json)?$/, '-partial.json');
    mkdirSync(dirname(partialOut), { recursive: true });
    writeFileSync(partialOut, `${JSON.stringify(partialResults, null, 2)}\n`);
    console.log(`wrote ${partialOut}`);
  }
  if (sections.has('faq')) {
    const faqResults = await runFaqSection(readFaqSlice(resolveFromCaller(values.faq)), embedder, {
      visitorLog: values['visitor-log'],
    });
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
      visitorLog: values['visitor-log'],
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
