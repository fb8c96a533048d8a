// Load benchmark of the public player (not a test): a class of visitors on one published storyfile,
// each with its own visitor cookie and conversation, asking questions from a fixed list, against a
// studio started in-process. Prints p50/p95/p99 of the ask call, the error and 429 counts, and
// beside them a bare `SELECT 1` through the studio's own pool, sampled during the run and idle.
// Writes bench-results/load.json.
//
// Usage: npm run bench:load [-- --connections 200 --duration 60 --pace 20 --script small --busy 0]
//   (MATCHER_WORKERS=N before the command sets the studio's scorer threads; 0 scores on the event
//   loop, to run beside the default)
//   --script S       small (default): six questions with an alternate each; scale: 400 answers of
//                    one question each, every one with a transcript (bench/load-scripts.ts)
//   --web N          web processes (default 1): N-1 more (`src/main.ts`, STUDIO_ROLE=web) on the
//                    same PostgreSQL behind Debian's nginx, as docs/deploy.md shows; the visitors
//                    ask through nginx, and the CPU and event-loop figures are the first process's
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
//
// Options in load/options.ts, the measurements in load/measures.ts, the figures in load/report.ts.
import { loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { RunningStudio } from '../src/server.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import {
  prepareBenchDatabase,
  repoRoot,
  seedPublishedStoryfile,
  startBenchStudio,
} from './support.ts';
import {
  SCRIPT,
  BUSY_PROCESSES,
  WEB_PROCESSES,
  DURATION_SECONDS,
  PACE,
  VISITORS_PER_CONNECTION,
  CONNECTION_RATE,
  SOCKETS,
  VISITORS,
  STORYFILE_LIMIT,
  args,
} from './load/options.ts';
import {
  stopBusyProcesses,
  startBusyProcesses,
  type WorkerResult,
  sampleSelectOne,
  traceQueries,
  countQueries,
  readPostgresCpuSeconds,
  waitForSentenceVectors,
  warmScorerThreads,
} from './load/measures.ts';
import { reportLoad } from './load/report.ts';
import { startScaleOut, warmThroughProxy, type ScaleOut } from './load/scale-out.ts';

async function main(): Promise<void> {
  console.log('Preparing the database and the studio');
  let embedded: EmbeddedDatabase | undefined;
  let studio: RunningStudio | undefined;
  let busy: ChildProcess[] = [];
  let scaleOut: ScaleOut | undefined;
  try {
    const prepared = await prepareBenchDatabase('conversa_bench_load', 'load');
    embedded = prepared.embedded;
    const studioStarted = performance.now();
    const webEnv = {
      PUBLIC_ASK_LIMIT_PER_MINUTE: String(STORYFILE_LIMIT),
      STUDIO_ROLE: 'web',
      // The visitors' addresses come in X-Forwarded-For (load-worker.mjs), as behind a proxy:
      // the ask limit counts per client address too.
      TRUST_PROXY: 'loopback',
    };
    studio = await startBenchStudio(prepared.url, 'load', webEnv);
    console.log(`Storyfile (--script ${args.script}): ${SCRIPT.description}`);
    const seedStarted = performance.now();
    const storyfile = await seedPublishedStoryfile(studio, SCRIPT.script);
    console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const runningStudio = studio;
    await waitForSentenceVectors(storyfile.owner, storyfile.id, studioStarted);
    await warmScorerThreads(
      storyfile.owner,
      storyfile.id,
      runningStudio.config.matcherWorkers.count,
      SCRIPT.questions[0]!,
    );

    if (WEB_PROCESSES > 1) {
      scaleOut = await startScaleOut({
        databaseUrl: prepared.url,
        firstUrl: runningStudio.url,
        count: WEB_PROCESSES,
        env: webEnv,
      });
      await warmThroughProxy(scaleOut.url, storyfile.slug, SCRIPT.questions[0]!, 8 * WEB_PROCESSES);
      console.log(
        `${WEB_PROCESSES} web processes behind nginx (least_conn): ${scaleOut.upstreams.join(', ')}`,
      );
    }

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
        url: scaleOut?.url ?? runningStudio.url,
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

    reportLoad({
      result,
      idle,
      underLoad,
      cpuBefore,
      cpuAfter,
      poolWaiting,
      poolMax: runningStudio.database.pool.options.max,
      traced,
    });
  } finally {
    stopBusyProcesses(busy);
    await scaleOut?.stop();
    await studio?.stop();
    await embedded?.stop();
  }
}

await main();
