// Benchmark of the answer matcher: storyfile-shaped runs (issue 13), then the comparison against
// NLP.js and MiniSearch. Not a test: prints tables and writes JSON. Usage: npm run bench:matching --
//   [--sections storyfile,classic] [--storyfile-train FILE,FILE] [--storyfile-eval FILE,FILE]
//   [--storyfile-sizes 30,60,100,150,300] [--storyfile-seeds 5] [--storyfile-phrasings 1]
//   [--train FILE] [--eval FILE]
//   [--split val|test] [--out FILE] [--matchers conversa,nlpjs,minisearch] [--min-oos-recall 0.6]
//   [--large 5000 --large-sources FILE,FILE] [--large-questions 1000] [--no-review]
//   [--embedder use-lite,all-minilm-l6-v2|none|onnx:FOLDER] [--faq FILE] [--visitor-log]
//   [--quantize int8|int16] (every vector rounded to integers with a scale each, issue 69)
// --visitor-log (issue 50): the faq and storyfile sections measure the questions at odd positions,
// the automatic variants without and with those at even positions as the storyfile's log.
// Sections (all by default): faq (the real-scale development benchmark of issue 40,
// `data/faq-storyfile.json`), partial (the faq slice with only some answers recorded), learning
// (issue 50's simulation on the faq slice), storyfile and classic.
// Each sentence model named by --embedder (by default USE lite and all-MiniLM-L6-v2, issue 64)
// runs every section with its own tuning, and a last table puts them side by side; with a model,
// our matcher is measured three ways: lexical (words alone), semantic only (sentence vectors
// alone) and combined (the product's scoring). `--embedder none`: words alone, fastest.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_LEARNING, DEFAULT_MIN_OOS_RECALL, OFF_TOPIC_QUESTIONS } from '../src/index.ts';
import type { Embedder } from '../src/index.ts';
import { assertReadable, runClassicSection } from './classic-section.ts';
import { CONTENDER_NAMES } from './contenders.ts';
import type { ContenderName } from './contenders.ts';
import { readEvalItems, readTrainFile } from './datasets.ts';
import type { Split } from './datasets.ts';
import { runFaqSection } from './faq-section.ts';
import { runLearningSection } from './learning-section.ts';
import {
  buildLearningShapes,
  listLearningShapeTexts,
  runLearningShapes,
  studioLearning,
  studioNotOfferingLearning,
  WORDS_ONLY_LEARNING,
} from './learning-shapes.ts';
import { runPartialSection } from './partial-section.ts';
import { listFaqTexts, readFaqSlice } from './faq.ts';
import { formatMs } from './format.ts';
import { runStoryfileSection } from './storyfile-section.ts';
import { printModelsSideBySide } from './models-summary.ts';
import type { ModelSummary } from './models-summary.ts';
import { parseEmbedderName, prepareBenchVectors, quantizedEmbedder } from './vectors.ts';
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
      sections: { type: 'string', default: 'faq,partial,learning,storyfile,classic' },
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
      embedder: { type: 'string', default: 'use-lite,all-minilm-l6-v2' },
      // Every vector rounded to 8- or 16-bit integers with a scale each: what compact vectors
      // would cost (issue 69).
      quantize: { type: 'string', default: '' },
      // More learning rules to compare with the studio's and words alone on every shape: two
      // visitors' questions joined by meaning at these cosine bars (issue 66 item 2).
      'learning-meaning': { type: 'string', default: '' },
    },
  });
  const embedderNames = values.embedder.split(',').map((name) => parseEmbedderName(name.trim()));
  const trainPath = resolveFromCaller(values.train);
  const evalPath = resolveFromCaller(values.eval ?? values.train);
  const split = parseSplit(values.split);
  const baseOutPath = resolveFromCaller(values.out);
  const matchers = parseMatchers(values.matchers);
  const minOosRecall = Number(values['min-oos-recall']);
  const largeCount = Number(values.large);
  const sections = new Set(values.sections.split(',').map((section) => section.trim()));
  const storyfileTrainPaths = values['storyfile-train'].split(',').map(resolveFromCaller);
  const storyfileEvalPaths = values['storyfile-eval']?.split(',').map(resolveFromCaller);

  const summaries: ModelSummary[] = [];
  for (const embedderName of embedderNames) {
    if (embedderNames.length > 1) {
      console.log(`\n== sentence model: ${embedderName} ==\n`);
    }
    // One set of result files per model when several are measured.
    const outPath =
      embedderNames.length > 1
        ? baseOutPath.replace(/(\.json)?$/, `-${embedderName.replace(/[^\w.-]+/g, '_')}.json`)
        : baseOutPath;
    summaries.push(await runModel(embedderName, outPath));
  }
  if (summaries.length > 1) {
    printModelsSideBySide(summaries);
  }

  /** Every section asked for, with one sentence model (or none). */
  async function runModel(embedderName: EmbedderName, outPath: string): Promise<ModelSummary> {
    const summary: ModelSummary = {
      model: embedderName,
      questionMs: null,
      faq: [],
      storyfile: [],
      partial: [],
      learning: null,
    };
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
      if (sections.has('learning')) {
        texts.push(...listLearningShapeTexts(buildLearningShapes(storyfileTrainPaths)));
      }
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
      if (embedder && (values.quantize === 'int8' || values.quantize === 'int16')) {
        embedder = quantizedEmbedder(embedder, values.quantize === 'int8' ? 8 : 16);
        console.log(`every vector rounded to ${values.quantize} with a scale each (--quantize)`);
      }
      summary.questionMs = prepared?.singleMs ?? null;
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
          '--sections learning needs a sentence model, e.g. --embedder all-minilm-l6-v2 (the studio scores with vectors)',
        );
      }
      const faqSlice = readFaqSlice(resolveFromCaller(values.faq));
      summary.learning = runLearningSection(faqSlice, embedder);
      const shapes = runLearningShapes(
        [faqSlice, ...buildLearningShapes(storyfileTrainPaths)],
        embedder,
        [
          studioLearning(embedder.id),
          studioNotOfferingLearning(embedder.id),
          WORDS_ONLY_LEARNING,
          ...values['learning-meaning']
            .split(',')
            .filter((bar) => bar.trim() !== '')
            .map((bar) => ({
              name: `alike by meaning ≥ ${bar.trim()}`,
              settings: { ...DEFAULT_LEARNING, alikeMeaning: Number(bar) },
            })),
        ],
      );
      const learningOut = outPath.replace(/(\.json)?$/, '-learning.json');
      mkdirSync(dirname(learningOut), { recursive: true });
      writeFileSync(learningOut, `${JSON.stringify(shapes, null, 2)}\n`);
      console.log(`wrote ${learningOut}`);
    }
    if (sections.has('partial')) {
      const partialResults = runPartialSection(
        readFaqSlice(resolveFromCaller(values.faq)),
        embedder,
      );
      summary.partial = partialResults;
      const partialOut = outPath.replace(/(\.json)?$/, '-partial.json');
      mkdirSync(dirname(partialOut), { recursive: true });
      writeFileSync(partialOut, `${JSON.stringify(partialResults, null, 2)}\n`);
      console.log(`wrote ${partialOut}`);
    }
    if (sections.has('faq')) {
      const faqResults = await runFaqSection(
        readFaqSlice(resolveFromCaller(values.faq)),
        embedder,
        {
          visitorLog: values['visitor-log'],
        },
      );
      summary.faq = faqResults;
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
      summary.storyfile = storyfileResults;
      const storyfileOut = outPath.replace(/(\.json)?$/, '-storyfile.json');
      mkdirSync(dirname(storyfileOut), { recursive: true });
      writeFileSync(storyfileOut, `${JSON.stringify(storyfileResults, null, 2)}\n`);
      console.log(`wrote ${storyfileOut}`);
    }
    if (sections.has('classic')) {
      await runClassicSection(
        {
          trainPath,
          evalPath,
          split,
          minOosRecall,
          largeCount,
          matchers,
          largeQuestions: values['large-questions'],
          largeSources: values['large-sources'],
          noReview: values['no-review'],
          resolveFromCaller,
        },
        embedderName,
        embedder,
        outPath,
      );
    }
    return summary;
  }
}

await main();
