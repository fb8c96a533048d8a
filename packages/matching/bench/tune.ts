// Tuning runs on the val splits with cached vectors (run `npm run bench:matching -- --embedder
// use-lite` once first): closed-set accuracy on every intent, and storyfile-shaped runs at the
// automatic threshold. Not a test. Usage:
//   node --import tsx packages/matching/bench/tune.ts [--tuning '{"embeddingWeight":0.6}'] [--size 30]
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMatcher } from '../src/index.ts';
import type { Embedder, MatcherTuning } from '../src/index.ts';
import { readTrainFile } from './datasets.ts';
import { measureStoryfiles } from './storyfile.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cachePath = resolve(root, 'node_modules/.cache/conversa-matching/use-lite.f32');

function readCache(): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (!existsSync(cachePath)) {
    throw new Error(`no cached vectors at ${cachePath}: run the bench with --embedder use-lite`);
  }
  const { dimensions, texts } = JSON.parse(readFileSync(`${cachePath}.json`, 'utf8')) as {
    dimensions: number;
    texts: string[];
  };
  const raw = readFileSync(cachePath);
  const all = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  texts.forEach((text, i) => vectors.set(text, all.slice(i * dimensions, (i + 1) * dimensions)));
  return vectors;
}

const { values } = parseArgs({
  options: {
    tuning: { type: 'string', default: '{}' },
    size: { type: 'string', default: '30' },
    seeds: { type: 'string', default: '5' },
    sections: { type: 'string', default: 'closed,storyfile' },
    sets: { type: 'string', default: 'clinc150,banking77' },
  },
});
const tuning = JSON.parse(values.tuning) as Partial<MatcherTuning>;
const cache = readCache();
const embedder: Embedder = { id: 'use-lite', embed: (text) => cache.get(text.trim()) };
const sections = new Set(values.sections.split(','));
const line: string[] = [values.tuning];
for (const set of values.sets.split(',')) {
  const file = readTrainFile(resolve(root, `packages/matching/data/${set}.fewshot5.json`));
  if (sections.has('closed')) {
    const matcher = createMatcher({ embedder, tuning, threshold: 0.5 });
    for (const intent of file.intents) {
      const [question = '', ...alternates] = intent.examples;
      matcher.upsertAnswer({ id: intent.id, question, alternates });
    }
    let right = 0;
    let total = 0;
    for (const item of file.val) {
      if (item.intent === null) {
        continue;
      }
      total++;
      if (matcher.match(item.text, { limit: 1 }).candidates[0]?.answerId === item.intent) {
        right++;
      }
    }
    line.push(`${set} closed ${((100 * right) / total).toFixed(1)}`);
  }
  if (sections.has('storyfile')) {
    const result = measureStoryfiles({
      dataset: set,
      intents: file.intents,
      questions: file.val,
      size: Number(values.size),
      seeds: Number(values.seeds),
      setting: 'auto',
      matcherOptions: { embedder, tuning },
    });
    const pct = (count: number, of: number) => ((100 * count) / of).toFixed(1);
    line.push(
      `${set} N=${values.size} right ${pct(result.answeredRight, result.inScope)} ` +
        `off ${pct(result.offTopicAnswered, result.offTopic)} ` +
        `closed ${pct(result.closedRight, result.inScope)} ` +
        `frontier ${((result.frontier?.answeredRight ?? 0) * 100).toFixed(1)} ` +
        `t ${Math.min(...result.thresholds).toFixed(3)}-${Math.max(...result.thresholds).toFixed(3)}`,
    );
  }
}
console.log(line.join(' | '));
