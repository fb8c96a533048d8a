// bench:load's report (bench/load.ts): the ask's and SELECT 1's percentiles, the cost per ask, the
// queries traced, the goal's verdict, and bench-results/load.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support.ts';
import {
  BUSY_PROCESSES,
  DURATION_SECONDS,
  PACE,
  SOCKETS,
  VISITORS,
  STORYFILE_LIMIT,
  GOAL_P99_MS,
  args,
} from './options.ts';
import {
  type Summary,
  summarize,
  type WorkerResult,
  ms,
  type CpuMark,
  type CpuSpent,
} from './measures.ts';

/** What the load run measured, for the report. */
export interface LoadFigures {
  result: WorkerResult;
  idle: number[];
  underLoad: number[];
  cpuBefore: CpuMark;
  cpuAfter: CpuSpent;
  poolWaiting: number[];
  poolMax: number | undefined;
  traced: Map<string, number[]> | undefined;
}

/** Prints the ask's and SELECT 1's percentiles, the cost per ask and the goal; writes load.json. */
export function reportLoad({
  result,
  idle,
  underLoad,
  cpuBefore,
  cpuAfter,
  poolWaiting,
  poolMax,
  traced,
}: LoadFigures): void {
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
  const processCpuMs = ((cpuAfter.process.user + cpuAfter.process.system) / 1000 / asks).toFixed(2);
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
    `pool (max ${poolMax}): callers waiting for a connection, sampled every 20 ms: mean ${meanWaiting.toFixed(1)}, max ${Math.max(0, ...poolWaiting)}`,
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
}
