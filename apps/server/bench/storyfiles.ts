// Many storyfiles in one studio (issue 51, item 2; not a test): a published storyfile of `answers`
// answers of bench:load's scale script, every one with a transcript, made through the studio (its
// vectors embedded once and stored), then copied in bulk SQL to `storyfiles` in all
// (storyfiles/clone.ts: the copies find the stored vectors, nothing is embedded again). Visitors
// then ask on loopback under MATCHER_CACHE_MB: first each storyfile once, in a random order (its
// first visit: every one loaded from PostgreSQL), then each ask a storyfile drawn at random from
// all of them (the spread: what a studio whose storyfiles have been visited meets); then the
// storyfiles asked longest ago (dropped from the matcher cache, when it holds fewer than all) are
// asked again one at a time. Prints memory per storyfile's matcher, the studio's RSS, the first
// visits, the spread asks and the first ask after eviction beside the goals; writes
// bench-results/storyfiles.json.
//
// Usage: npm run bench:storyfiles [-- --storyfiles 1000 --answers 300 --asks 2000 --seconds 300
//          --concurrency 8 --evicted 30 --cache-mb 4096 --embedder all-minilm-l6-v2]
//   --storyfiles N   published storyfiles in all (default 1,000; e.g. 20 for a quick run)
//   --answers N      answers of each (default 300, at most 400)
//   --asks N, --seconds S  the spread asks: at most N, for at most S seconds (asks in flight finish)
//   --concurrency N  first visits' and spread asks in flight at once (default 8)
//   --evicted N      storyfiles asked again after they were dropped (default 30)
//   --cache-mb N     the studio's MATCHER_CACHE_MB (default 4096, the studio's default)
//   --embedder E     all-minilm-l6-v2 (default, the studio's), use-lite, or none (words alone)
//   --heap           only weighs matcher-bytes.ts's estimate against the heap (storyfiles/matcher-heap.ts)
//   --read-back      only times a storyfile's vectors read back from PostgreSQL (storyfiles/read-back.ts)
//   --web N          N web processes behind Debian's nginx with docs/deploy.md's configuration
//                    (each storyfile to one process; storyfiles/proxied.ts): per-process figures,
//                    then --restart-seconds S of asks while one process is stopped (SIGTERM) and
//                    started again (default 20; 0: none)
//   --port P         with --web: nginx on P, the processes on P+1..P+N (default: free ports)
//   (MATCHER_WORKERS=N before the command sets the scorer threads; DATABASE_URL any PostgreSQL,
//   else the bench's own embedded one under .data-bench/storyfiles/, BENCH_POSTGRES_PORT)
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RunningStudio } from '../src/server.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import { loadScript } from './load-scripts.ts';
import { summarize } from './load/measures.ts';
import { waitForSentenceVectors, warmScorerThreads } from './load/measures.ts';
import {
  createBenchPool,
  prepareBenchDatabase,
  repoRoot,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';
import { readCacheFigures, type CacheFigures } from './storyfiles/asks.ts';
import { cloneStoryfile } from './storyfiles/clone.ts';
import { cpuPerAsk, readCpu } from './storyfiles/cpu.ts';
import { reportMatcherHeap } from './storyfiles/matcher-heap.ts';
import { reportReadBack } from './storyfiles/read-back.ts';
import { countStatuses, runPhases } from './storyfiles/phases.ts';
import { runProxied } from './storyfiles/proxied.ts';
import { reportStoryfiles } from './storyfiles/report.ts';

const { values: args } = parseArgs({
  options: {
    storyfiles: { type: 'string', default: '1000' },
    answers: { type: 'string', default: '300' },
    asks: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '8' },
    evicted: { type: 'string', default: '30' },
    'cache-mb': { type: 'string', default: '4096' },
    embedder: { type: 'string', default: 'all-minilm-l6-v2' },
    heap: { type: 'boolean', default: false },
    'read-back': { type: 'boolean', default: false },
    web: { type: 'string', default: '1' },
    port: { type: 'string', default: '0' },
    'restart-seconds': { type: 'string', default: '20' },
  },
});
const whole = (name: keyof typeof args, min: number, max: number): number => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
};
const STORYFILES = whole('storyfiles', 2, 5_000);
const ANSWERS = whole('answers', 1, 400);
const ASKS = whole('asks', 1, 100_000);
const SECONDS = whole('seconds', 1, 3_600);
const CONCURRENCY = whole('concurrency', 1, 200);
const EVICTED = whole('evicted', 1, 1_000);
const CACHE_MB = whole('cache-mb', 0, 1_048_576);
const WEB = whole('web', 1, 8);
const PORT = whole('port', 0, 65_000);
const RESTART_SECONDS = whole('restart-seconds', 0, 600);
const EMBEDDERS = ['all-minilm-l6-v2', 'use-lite', 'none'];
if (!EMBEDDERS.includes(args.embedder)) {
  throw new Error(`--embedder must be one of ${EMBEDDERS.join(', ')}`);
}

function collectedRss(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

async function main(): Promise<void> {
  if (args.heap) {
    reportMatcherHeap();
    return;
  }
  const scale = loadScript('scale');
  const loadBefore = loadavg()[0]!;
  let embedded: EmbeddedDatabase | undefined;
  let studio: RunningStudio | undefined;
  try {
    const prepared = await prepareBenchDatabase('conversa_bench_storyfiles', 'storyfiles');
    embedded = prepared.embedded;
    const started = performance.now();
    const studioEnv = {
      MATCHER_CACHE_MB: String(CACHE_MB),
      MATCHER_EMBEDDER: args.embedder,
      PUBLIC_ASK_LIMIT_PER_MINUTE: '1000000',
      STUDIO_ROLE: 'web',
      TRUST_PROXY: 'loopback',
    };
    studio = await startBenchStudio(prepared.url, 'storyfiles', {
      ...studioEnv,
      // With --port, the seeding studio's port is the last of the range.
      ...(PORT ? { PORT: String(PORT + WEB + 1) } : {}),
    });
    if (args['read-back']) {
      await reportReadBack(studio.database.db);
      return;
    }
    const { url } = studio;
    const questions = scale.script.topics[0]!.questions.slice(0, ANSWERS);
    const template = await seedPublishedStoryfile(studio, {
      name: 'A storyfile of many',
      topics: [{ name: 'Everything', questions }],
    });
    console.log(
      `Template: ${questions.length} answers with transcripts, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await waitForSentenceVectors(template.owner, template.id, started);
    const workers = studio.config.matcherWorkers.count;
    await warmScorerThreads(template.owner, template.id, workers, scale.questions[0]!);
    const pool = createBenchPool(prepared.url);
    const cloneStarted = performance.now();
    const copies = await cloneStoryfile(pool, template.id, STORYFILES - 1);
    await pool.end();
    const slugs = [template.slug, ...copies.map(({ slug }) => slug)];
    console.log(
      `Copied to ${slugs.length} published storyfiles in ${((performance.now() - cloneStarted) / 1000).toFixed(1)} s`,
    );
    const phaseOptions = {
      slugs,
      questions: scale.questions,
      concurrency: CONCURRENCY,
      asks: ASKS,
      seconds: SECONDS,
      evicted: EVICTED,
    };
    if (WEB > 1) {
      await studio.stop();
      studio = undefined;
      await runProxied({
        databaseUrl: prepared.url,
        env: studioEnv,
        count: WEB,
        port: PORT,
        template: template.slug,
        phases: { ...phaseOptions, url: '' },
        cacheMb: CACHE_MB,
        answers: questions.length,
        embedder: args.embedder,
        restartSeconds: RESTART_SECONDS,
        loadBefore,
      });
      return;
    }
    const baseRss = collectedRss();
    let afterSpread: CacheFigures | undefined;
    let spreadRss = 0;
    // The bench's own cluster, whose CPU is read beside the studio's (none with DATABASE_URL).
    const databaseDir = prepared.embedded
      ? path.join(repoRoot, '.data-bench', 'storyfiles', 'postgres')
      : undefined;
    let cpuBefore = readCpu(databaseDir);
    let cpuAfter = cpuBefore;
    const phases = await runPhases(
      { ...phaseOptions, url },
      async () => {
        cpuAfter = readCpu(databaseDir);
        afterSpread = await readCacheFigures(url);
        spreadRss = collectedRss();
      },
      () => {
        cpuBefore = readCpu(databaseDir);
      },
    );
    const heldByScorer =
      workers > 0 ? (afterSpread!.storyfiles.scorers ?? 0) : (afterSpread!.storyfiles.main ?? 0);
    const afterEvicted = await readCacheFigures(url);
    const finalRss = collectedRss();
    const { visits, spread, evicted } = phases;
    const figures = {
      storyfiles: slugs.length,
      answers: questions.length,
      workers,
      cacheMb: CACHE_MB,
      embedder: args.embedder,
      concurrency: CONCURRENCY,
      loadAverage: { before: loadBefore, after: loadavg()[0]! },
      rss: { base: baseRss, afterSpread: spreadRss, final: finalRss },
      cache: { afterSpread: afterSpread!, afterEvicted },
      visits: {
        seconds: phases.visitsSeconds,
        errors: visits.filter(({ status }) => status !== 200).length,
        ms: summarize(visits.map(({ ms }) => ms)),
      },
      spread: {
        seconds: phases.spreadSeconds,
        distinct: new Set(phases.spreadSlugs).size,
        errors: spread.filter(({ status }) => status !== 200).length,
        statuses: countStatuses(spread),
        ms: summarize(spread.map(({ ms }) => ms)),
        cpu: cpuPerAsk(cpuBefore, cpuAfter, spread.length),
      },
      evicted: {
        // Dropped (least recently asked first) by the holder that scores them, their scorer
        // thread (or the main cache without threads), when more storyfiles than the threads hold
        // together (each thread its own: storyfile-affine) were asked after them: the i-th
        // oldest had lastAsked.size - i - 1 after it.
        dropped: phases.oldest.filter(
          (_, index) => phases.askedStoryfiles - index - 1 >= heldByScorer,
        ).length,
        errors: evicted.filter(({ status }) => status !== 200).length,
        ms: summarize(evicted.map(({ ms }) => ms)),
      },
    };
    reportStoryfiles(figures);
    console.log(`Figures written to ${writeBenchResults('storyfiles', figures)}`);
  } finally {
    await studio?.stop();
    await embedded?.stop();
  }
}

await main();
