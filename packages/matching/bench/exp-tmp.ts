import { readTrainFile } from './datasets.ts';
import { prepareBenchVectors } from './vectors.ts';
import { createMatcher, OFF_TOPIC_QUESTIONS } from '../src/index.ts';
import type { MatcherTuning } from '../src/index.ts';
import { measureStoryfiles } from './storyfile.ts';
const files = ['clinc150', 'banking77'].map((f) =>
  readTrainFile(new URL(`../data/${f}.fewshot5.json`, import.meta.url).pathname),
);
const texts: string[] = [...OFF_TOPIC_QUESTIONS];
for (const t of files) {
  for (const i of t.intents) texts.push(...i.examples);
  for (const v of t.val) texts.push(v.text);
}
const v = (await prepareBenchVectors('use-lite', texts))!;
const variants: [string, Partial<MatcherTuning> | null][] = JSON.parse(process.argv[2]!);
const seeds = Number(process.argv[3] ?? 3);
for (const [name, tuning] of variants) {
  const opts = tuning ? { embedder: v.embedder, tuning } : {};
  const row: string[] = [name];
  for (const t of files) {
    // closed set, all intents
    const m = createMatcher(opts);
    for (const i of t.intents) {
      const [q = '', ...a] = i.examples;
      m.upsertAnswer({ id: i.id, question: q, alternates: a });
    }
    let right = 0,
      n = 0;
    for (const item of t.val) {
      if (item.intent === null) continue;
      n++;
      if (m.match(item.text, { limit: 1 }).candidates[0]?.answerId === item.intent) right++;
    }
    row.push(`${t.name} closed ${((100 * right) / n).toFixed(1)}`);
    if (seeds === 0) continue;
    const r = measureStoryfiles({
      dataset: t.name,
      intents: t.intents,
      questions: t.val,
      size: 30,
      seeds,
      setting: 'auto',
      matcherOptions: opts,
    });
    row.push(
      `N30 right ${((100 * r.answeredRight) / r.inScope).toFixed(1)} closed ${((100 * r.closedRight) / r.inScope).toFixed(1)} off ${((100 * r.offTopicAnswered) / r.offTopic).toFixed(1)} oos ${r.outOfScope ? ((100 * r.outOfScopeAnswered) / r.outOfScope).toFixed(1) : '-'} t ${Math.min(...r.thresholds).toFixed(2)}-${Math.max(...r.thresholds).toFixed(2)} frontier ${r.frontier ? (100 * r.frontier.answeredRight).toFixed(1) : '-'}`,
    );
  }
  console.log(row.join(' | '));
}
process.exit(0);
