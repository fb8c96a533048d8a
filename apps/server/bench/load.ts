// Load benchmark of the public player (not a test): a class of visitors on one published storyfile,
// each with its own visitor cookie and conversation, asking questions from a fixed list, against a
// studio started in-process. Prints p50/p95/p99 of the ask call, the error and 429 counts, and
// beside them a bare `SELECT 1` through the studio's own pool, sampled during the run and idle.
// Writes bench-results/load.json.
//
// Usage: npm run bench:load [-- --connections 200 --duration 60 --pace 20 --script small --busy 0]
//   --script S       small (default): six questions with an alternate each; scale: 400 answers of
//                    one question each, every one with a transcript (bench/load-scripts.ts)
//   --busy N         processes that keep a core busy each during the load (default 0): the goal is
//                    also measured with another process holding one of the two cores
//   --connections N  visitors asking at once (default 200)
//   --duration S     seconds of load (default 60)
//   --pace N         asks per visitor per minute (default 20, the per-visitor limit; a divisor
//                    or a multiple of 60). Autocannon paces a connection at one request a second
//                    at the slowest, so 60/N visitors share a connection in turn (200 visitors at
//                    20 a minute: 67 connections, the last visitor count rounded up to 201).
//                    0 = one visitor per connection, asking again as soon as its answer arrives
//                    (the per-visitor limit then answers most asks with 429)
//   --storyfile-limit N  PUBLIC_ASK_LIMIT_PER_MINUTE of the studio under load (default: what
//                    the class asks a minute plus 10 %; 1,000,000 with --pace 0)
//   --arrivals A     spread (default): each paced connection starts at its own random moment of the
//                    first second, as a class asks; together: autocannon's lockstep, every
//                    connection's ask in one burst each second (the harsher case)
//   --trace-queries  times every query through the studio's pool (waiting for a connection
//                    included) and prints where the ask's database time goes
//   DATABASE_URL     any PostgreSQL (a database `conversa_bench_load` is created there); unset
//                    starts the bench's own embedded PostgreSQL under .data-bench/load/
//                    (BENCH_POSTGRES_PORT, default 54372)
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawn, type ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { PUBLIC_ASKS_PER_VISITOR_PER_MINUTE, type MatchingSettings } from '@conversa/contracts';
import type { TestBrowser } from '../test/studio.ts';
import type { RunningStudio } from '../src/server.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import { LOAD_SCRIPTS, loadScript, type LoadScriptName } from './load-scripts.ts';
import {
  prepareBenchDatabase,
  repoRoot,
  seedPublishedStoryfile,
  startBenchStudio,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    pace: { type: 'string', default: String(PUBLIC_ASKS_PER_VISITOR_PER_MINUTE) },
    'storyfile-limit': { type: 'string' },
    'trace-queries': { type: 'boolean', default: false },
    arrivals: { type: 'string', default: 'spread' },
    script: { type: 'string', default: 'small' },
    busy: { type: 'string', default: '0' },
  },
});
if (!(LOAD_SCRIPTS as readonly string[]).includes(args.script)) {
  throw new Error(`--script must be one of ${LOAD_SCRIPTS.join(', ')}`);
}
const SCRIPT = loadScript(args.script as LoadScriptName);
const BUSY_PROCESSES = Number(args.busy);
if (!Number.isInteger(BUSY_PROCESSES) || BUSY_PROCESSES < 0) {
  throw new Error('--busy must be a whole number, 0 or more');
}
if (args.arrivals !== 'spread' && args.arrivals !== 'together') {
  throw new Error('--arrivals must be spread or together');
}
const CONNECTIONS = Number(args.connections);
const DURATION_SECONDS = Number(args.duration);
const PACE = Number(args.pace);
if (!(PACE >= 0) || (PACE > 0 && 60 % PACE !== 0 && PACE % 60 !== 0)) {
  throw new Error('--pace must be 0, a divisor of 60 or a multiple of 60');
}
/** Visitors sharing one connection in turn, and the connection's requests a second. */
const VISITORS_PER_CONNECTION = PACE > 0 && PACE < 60 ? 60 / PACE : 1;
const CONNECTION_RATE = PACE === 0 ? 0 : Math.max(1, PACE / 60);
const SOCKETS = Math.ceil(CONNECTIONS / VISITORS_PER_CONNECTION);
const VISITORS = SOCKETS * VISITORS_PER_CONNECTION;
const STORYFILE_LIMIT = Number(
  args['storyfile-limit'] ?? (PACE > 0 ? Math.ceil(VISITORS * PACE * 1.1) : 1_000_000),
);
for (const [name, value] of [
  ['--connections', CONNECTIONS],
  ['--duration', DURATION_SECONDS],
  ['--storyfile-limit', STORYFILE_LIMIT],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive whole number`);
  }
}
const GOAL_P99_MS = 100;

/** Starts `count` processes that each spin one core until they are killed. */
function stopBusyProcesses(busy: readonly ChildProcess[]): void {
  for (const child of busy) {
    child.kill();
  }
}

function startBusyProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (quantile: number) =>
    sorted.length === 0
      ? NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]!,
  };
}

interface WorkerResult {
  error?: string;
  latencies: Record<string, number[]>;
  conversationsStarted: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

/** `SELECT 1` through the studio's pool, one at a time every `everyMs`, until `isDone()`. */
async function sampleSelectOne(
  studio: RunningStudio,
  isDone: () => boolean,
  everyMs: number,
): Promise<number[]> {
  const samples: number[] = [];
  while (!isDone()) {
    const started = performance.now();
    await studio.database.pool.query('select 1');
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return samples;
}

/** Wraps the pool's query to time each statement (pool wait included), by its first words. */
function traceQueries(studio: RunningStudio): Map<string, number[]> {
  const byStatement = new Map<string, number[]>();
  const pool = studio.database.pool as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const original = pool.query.bind(pool);
  pool.query = async (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').trim();
    const key = text.slice(0, 90);
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      const list = byStatement.get(key) ?? [];
      list.push(performance.now() - started);
      byStatement.set(key, list);
    }
  };
  return byStatement;
}

/** Every statement through the pool, counted (cheap enough to leave on: statements per ask). */
function countQueries(studio: RunningStudio): { count: number } {
  const counter = { count: 0 };
  const pool = studio.database.pool as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const original = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    counter.count += 1;
    return original(...args);
  };
  return counter;
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) spent so far by the embedded PostgreSQL: its postmaster (pid in
 * postmaster.pid) and every child process of it, read from /proc. Undefined off Linux or with
 * DATABASE_URL (the database may be on another machine).
 */
function readPostgresCpuSeconds(dataDir: string | undefined): number | undefined {
  if (!dataDir) {
    return undefined;
  }
  try {
    const postmaster = Number(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) {
        continue;
      }
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces) in parentheses.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ppid = Number(fields[1]);
        if (Number(entry) === postmaster || ppid === postmaster) {
          ticks += Number(fields[11]) + Number(fields[12]);
        }
      } catch {
        // the process ended while we read
      }
    }
    return ticks / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/**
 * With a sentence model (MATCHER_EMBEDDER, default use-lite), the storyfile answers by words until
 * its vectors are made: the load runs once it answers with them, as a studio does after its first
 * minute. Prints when that was and the process's memory.
 */
async function waitForSentenceVectors(
  owner: TestBrowser,
  storyfileId: string,
  studioStarted: number,
): Promise<void> {
  for (;;) {
    const response = await owner.api(`/v1/conversa/storyfiles/${storyfileId}/matching-settings`);
    const settings = (await response.json()) as MatchingSettings;
    if (settings.scoring.mode === 'combined' || settings.scoring.embedder === null) {
      console.log(
        `Matcher: ${settings.scoring.message} (${((performance.now() - studioStarted) / 1000).toFixed(1)} s after the studio started; RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB)`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Transcripts' passage vectors come after the phrasings' and move the automatic threshold once
  // they are all in: the load starts when it has held still for three seconds (each read of the
  // settings calibrates what changed, as a visitor's ask would).
  let last: number | undefined;
  let still = 0;
  while (still < 3) {
    const response = await owner.api(`/v1/conversa/storyfiles/${storyfileId}/matching-settings`);
    const { defaultThreshold } = (await response.json()) as MatchingSettings;
    still = defaultThreshold === last ? still + 1 : 0;
    last = defaultThreshold;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `Automatic threshold ${last} (${((performance.now() - studioStarted) / 1000).toFixed(1)} s after the studio started)`,
  );
}

async function main(): Promise<void> {
  console.log('Preparing the database and the studio');
  let embedded: EmbeddedDatabase | undefined;
  let studio: RunningStudio | undefined;
  let busy: ChildProcess[] = [];
  try {
    const prepared = await prepareBenchDatabase('conversa_bench_load', 'load');
    embedded = prepared.embedded;
    const studioStarted = performance.now();
    studio = await startBenchStudio(prepared.url, 'load', {
      PUBLIC_ASK_LIMIT_PER_MINUTE: String(STORYFILE_LIMIT),
      STUDIO_ROLE: 'web',
      // The visitors' addresses come in X-Forwarded-For (load-worker.mjs), as behind a proxy:
      // the ask limit counts per client address too.
      TRUST_PROXY: 'loopback',
    });
    console.log(`Storyfile (--script ${args.script}): ${SCRIPT.description}`);
    const seedStarted = performance.now();
    const storyfile = await seedPublishedStoryfile(studio, SCRIPT.script);
    console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const runningStudio = studio;
    await waitForSentenceVectors(storyfile.owner, storyfile.id, studioStarted);

    let idleSamples = 0;
    const idle = await sampleSelectOne(runningStudio, () => idleSamples++ >= 200, 5);

    console.log(
      `Load: ${VISITORS} visitors on ${SOCKETS} connections for ${DURATION_SECONDS} s, ${PACE > 0 ? `${PACE} asks a minute each` : 'each asking again at once'}; PUBLIC_ASK_LIMIT_PER_MINUTE=${STORYFILE_LIMIT}`,
    );
    const traced = args['trace-queries'] ? traceQueries(runningStudio) : undefined;
    const statements = countQueries(runningStudio);
    const postgresDataDir = embedded ? path.join(repoRoot, '.data-bench', 'postgres') : undefined;
    const cpuBefore = {
      loadAverage: loadavg()[0]!,
      studioLoop: performance.eventLoopUtilization(),
      process: process.cpuUsage(),
      postgres: readPostgresCpuSeconds(postgresDataDir),
      statements: 0,
      wall: performance.now(),
    };
    let isLoadDone = false;
    const poolWaiting: number[] = [];
    busy = startBusyProcesses(BUSY_PROCESSES);
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        url: runningStudio.url,
        slug: storyfile.slug,
        connections: SOCKETS,
        visitorsPerConnection: VISITORS_PER_CONNECTION,
        connectionRate: CONNECTION_RATE,
        durationSeconds: DURATION_SECONDS,
        questions: SCRIPT.questions,
        arrivals: args.arrivals,
      },
    });
    const underLoadPromise = sampleSelectOne(
      runningStudio,
      () => {
        poolWaiting.push(runningStudio.database.pool.waitingCount);
        return isLoadDone;
      },
      20,
    );
    const result = await new Promise<WorkerResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }).finally(() => {
      isLoadDone = true;
    });
    const cpuAfter = {
      loadAverage: loadavg()[0]!,
      studioLoop: performance.eventLoopUtilization(cpuBefore.studioLoop),
      process: process.cpuUsage(cpuBefore.process),
      postgres: readPostgresCpuSeconds(postgresDataDir),
      statements: statements.count,
      wall: performance.now(),
    };
    await worker.terminate();
    stopBusyProcesses(busy);
    const underLoad = await underLoadPromise;
    if (result.error) {
      throw new Error(result.error);
    }

    const answered = summarize(result.latencies['200'] ?? []);
    const limited = summarize(result.latencies['429'] ?? []);
    const allAsks = summarize(Object.values(result.latencies).flat());
    const selectUnderLoad = summarize(underLoad);
    const selectIdle = summarize(idle);
    const tooMany = result.statusCodes['429']?.count ?? 0;
    const otherStatuses = Object.entries(result.statusCodes)
      .filter(([status]) => status !== '200' && status !== '429')
      .reduce((sum, [, stats]) => sum + stats.count, 0);
    const errorCount = otherStatuses + result.errors + result.timeouts;

    console.log(
      '\ncall                                    count     p50 ms    p95 ms    p99 ms    max ms',
    );
    const row = (label: string, summary: Summary) =>
      console.log(
        label.padEnd(38) +
          String(summary.count).padStart(7) +
          ms(summary.p50).padStart(10) +
          ms(summary.p95).padStart(10) +
          ms(summary.p99).padStart(10) +
          ms(summary.max).padStart(10),
      );
    row('ask, every answer', allAsks);
    row('ask, answered (200)', answered);
    row('ask, refused (429)', limited);
    row('SELECT 1, same pool, during the load', selectUnderLoad);
    row('SELECT 1, same pool, idle', selectIdle);
    console.log(
      `\nasks: ${result.requests}, conversations started: ${result.conversationsStarted}, 429: ${tooMany}, errors: ${errorCount} (other statuses ${otherStatuses}, connection errors ${result.errors}, time-outs ${result.timeouts})`,
    );
    const wallSeconds = (cpuAfter.wall - cpuBefore.wall) / 1000;
    const asks = Math.max(1, result.requests);
    const studioLoopMs = (cpuAfter.studioLoop.active / asks).toFixed(2);
    const processCpuMs = ((cpuAfter.process.user + cpuAfter.process.system) / 1000 / asks).toFixed(
      2,
    );
    const postgresCpuMs =
      cpuAfter.postgres !== undefined && cpuBefore.postgres !== undefined
        ? (((cpuAfter.postgres - cpuBefore.postgres) * 1000) / asks).toFixed(2)
        : '-';
    const meanWaiting =
      poolWaiting.reduce((sum, value) => sum + value, 0) / Math.max(1, poolWaiting.length);
    console.log(
      `per ask: studio event loop busy ${studioLoopMs} ms (utilisation ${(cpuAfter.studioLoop.utilization * 100).toFixed(0)} %), ` +
        `bench process CPU ${processCpuMs} ms (studio + the load generator's thread), PostgreSQL CPU ${postgresCpuMs} ms, ` +
        `${(cpuAfter.statements / asks).toFixed(2)} statements (SELECT 1 samples included)`,
    );
    console.log(
      `pool (max ${runningStudio.database.pool.options.max}): callers waiting for a connection, sampled every 20 ms: mean ${meanWaiting.toFixed(1)}, max ${Math.max(0, ...poolWaiting)}`,
    );
    console.log(
      `machine: ${cpus().length} cores, load average (1 min) ${cpuBefore.loadAverage.toFixed(2)} at the start, ${cpuAfter.loadAverage.toFixed(2)} at the end; ${wallSeconds.toFixed(0)} s; arrivals ${args.arrivals}; ${BUSY_PROCESSES} other process(es) keeping a core busy`,
    );
    if (traced) {
      console.log(
        '\nqueries through the pool during the load (time includes waiting for a connection)',
      );
      console.log('   count   total s   mean ms    p99 ms  statement');
      for (const [statement, times] of [...traced].sort(
        (a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0),
      )) {
        const summary = summarize(times);
        const total = times.reduce((x, y) => x + y, 0);
        console.log(
          String(summary.count).padStart(8) +
            (total / 1000).toFixed(1).padStart(10) +
            (total / summary.count).toFixed(1).padStart(10) +
            ms(summary.p99).padStart(10) +
            `  ${statement}`,
        );
      }
    }
    const isMet = allAsks.p99 <= GOAL_P99_MS && errorCount === 0;
    console.log(
      `goal: p99 ≤ ${GOAL_P99_MS} ms and 0 errors at the configured limits: ${isMet ? 'met' : 'NOT met'} (p99 ${ms(allAsks.p99)} ms, ${errorCount} errors)`,
    );

    const outDir = path.join(repoRoot, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'load.json'),
      JSON.stringify(
        {
          visitors: VISITORS,
          connections: SOCKETS,
          durationSeconds: DURATION_SECONDS,
          asksPerVisitorPerMinute: PACE,
          storyfileLimitPerMinute: STORYFILE_LIMIT,
          asks: allAsks,
          answered,
          refused: limited,
          selectOneUnderLoad: selectUnderLoad,
          selectOneIdle: selectIdle,
          requests: result.requests,
          tooManyRequests: tooMany,
          errors: errorCount,
          statusCodes: result.statusCodes,
          arrivals: args.arrivals,
          script: args.script,
          busyProcesses: BUSY_PROCESSES,
          perAsk: {
            studioEventLoopMs: Number(studioLoopMs),
            processCpuMs: Number(processCpuMs),
            postgresCpuMs: postgresCpuMs === '-' ? null : Number(postgresCpuMs),
            statements: cpuAfter.statements / asks,
          },
          poolWaiting: { mean: meanWaiting, max: Math.max(0, ...poolWaiting) },
          loadAverage: [cpuBefore.loadAverage, cpuAfter.loadAverage],
        },
        null,
        2,
      ),
    );
  } finally {
    stopBusyProcesses(busy);
    await studio?.stop();
    await embedded?.stop();
  }
}

await main();
