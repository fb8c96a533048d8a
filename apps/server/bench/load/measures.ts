// bench:load's measurements (bench/load.ts): cores kept busy, percentiles, SELECT 1 through the
// studio's pool, the pool's statements timed and counted, PostgreSQL's CPU, the vectors awaited.
import type { EventLoopUtilization } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { MatchingSettings } from '@conversa/contracts';
import type { TestBrowser } from '../../test/studio.ts';
import type { RunningStudio } from '../../src/server.ts';

/** Starts `count` processes that each spin one core until they are killed. */
export function stopBusyProcesses(busy: readonly ChildProcess[]): void {
  for (const child of busy) {
    child.kill();
  }
}

export function startBusyProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(values: number[]): Summary {
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

export interface WorkerResult {
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
export async function sampleSelectOne(
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
export function traceQueries(studio: RunningStudio): Map<string, number[]> {
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
export function countQueries(studio: RunningStudio): { count: number } {
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

export const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) spent so far by the embedded PostgreSQL: its postmaster (pid in
 * postmaster.pid) and every child process of it, read from /proc. Undefined off Linux or with
 * DATABASE_URL (the database may be on another machine).
 */
export function readPostgresCpuSeconds(dataDir: string | undefined): number | undefined {
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

export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/**
 * With a sentence model (MATCHER_EMBEDDER, default use-lite), the storyfile answers by words until
 * its vectors are made: the load runs once it answers with them, as a studio does after its first
 * minute. Prints when that was and the process's memory.
 */
export async function waitForSentenceVectors(
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

/**
 * Asks the storyfile as many questions at once as the studio has scorer threads (twice over), so
 * that each thread has built the matcher and chosen its threshold before the load (the server's own
 * matcher did so while the settings were read above). Prints how long that took.
 */
export async function warmScorerThreads(
  owner: TestBrowser,
  storyfileId: string,
  threads: number,
  question: string,
): Promise<void> {
  if (threads === 0) {
    console.log('Scorer threads: none (MATCHER_WORKERS=0: asks are scored on the event loop)');
    return;
  }
  const started = performance.now();
  await Promise.all(
    Array.from({ length: threads * 2 }, async () => {
      const response = await owner.api(`/v1/conversa/storyfiles/${storyfileId}/ask`, {
        method: 'POST',
        body: JSON.stringify({ text: question }),
      });
      if (response.status !== 200) {
        throw new Error(`A warm-up ask answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  console.log(
    `Scorer threads: ${threads}, their matchers built and calibrated by the first asks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The machine's and the studio's counters when the load starts. */
export interface CpuMark {
  loadAverage: number;
  studioLoop: EventLoopUtilization;
  process: NodeJS.CpuUsage;
  postgres: number | undefined;
  statements: number;
  wall: number;
}

/** The same counters at the load's end: the loop and the process as spent since the start. */
export type CpuSpent = CpuMark;
