// Tuning runs on the val splits with cached vectors (run `npm run bench:matching -- --embedder
// <name>` once first): closed-set accuracy on every intent, storyfile-shaped runs at the automatic
// threshold, and the development benchmark (faq: best match and the automatic policy's outcomes,
// with and without transcripts). The model's own tuning (`EMBEDDER_TUNING`) applies, and
// `--tuning` on top of it. Not a test. Usage:
//   node --import tsx packages/matching/bench/tune.ts [--embedder all-minilm-l6-v2]
//     [--tuning '{"embeddingWeight":0.6}'] [--size 30] [--sections closed,storyfile,faq]
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMatcher } from '../src/index.ts';
import type { Embedder, MatcherTuning } from '../src/index.ts';
import { readTrainFile } from './datasets.ts';
import { measureFaqConversa, readFaqSlice } from './faq.ts';
import { measureStoryfiles } from './storyfile.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
function readCache(cachePath: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (!existsSync(cachePath)) {
    throw new Error(`no cached vectors at ${cachePath}: run the bench with this --embedder`);
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
    embedder: { type: 'string', default: 'use-lite' },
  },
});
const tuning = JSON.parse(values.tuning) as Partial<MatcherTuning>;
const cache = readCache(
  resolve(root, `node_modules/.cache/conversa-matching/${values.embedder}.f32`),
);
const embedder: Embedder = { id: values.embedder, embed: (text) => cache.get(text.trim()) };
const sections = new Set(values.sections.split(','));
const line: string[] = [values.tuning];
const pct = (count: number, of: number) => ((100 * count) / of).toFixed(1);
if (sections.has('faq')) {
  const slice = readFaqSlice(resolve(root, 'packages/matching/data/faq-storyfile.json'));
  for (const withTranscripts of [false, true]) {
    const result = measureFaqConversa({
      name: 'tune',
      slice,
      options: { embedder, tuning },
      withTranscripts,
    });
    const auto = result.decisions!.points.find((point) => point.playRisk === 'auto')!.counts;
    line.push(
      `faq${withTranscripts ? '+t' : ''} best ${pct(result.bestMatch, 1)} top3 ${pct(result.top3 ?? 0, 1)} ` +
        `auto right ${pct(auto.rightPlayed, auto.inScope)} wrong ${pct(auto.wrongPlayed, auto.inScope)} ` +
        `r|o ${pct(auto.rightPlayedOrOffered, auto.inScope)} asked ${pct(auto.inScopeAsked, auto.inScope)} ` +
        `offP ${pct(auto.offTopicPlayed, auto.offTopic)}`,
    );
  }
}
for (const set of values.sets
  .split(',')
  .filter(() => sections.has('closed') || sections.has('storyfile'))) {
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
