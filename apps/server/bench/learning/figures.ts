// bench:learning's measurement and report (bench/learning.ts): a request timed, the server's
// statement captured to run through `pg` beside it, percentiles and the table.
import { PgDialect } from 'drizzle-orm/pg-core';
import { type SQL } from 'drizzle-orm';

/** The roster's goal: p95 through the server. */
export const GOAL_P95_MS = 100;

export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export async function time(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export const dialect = new PgDialect();

/**
 * A statement the server runs, as SQL text and parameters, so `pg` can run exactly the same query
 * side by side with the request.
 */
export function captureQuery(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

export interface Scenario {
  name: string;
  path: string;
  /** Rows the page shows, from the answer. */
  rows: (body: unknown) => number;
  /** The same statement the server runs, and the rows it shows from its result. */
  query: SQL;
  pgRows: (rows: Record<string, unknown>[]) => number;
}

export function printTable(
  rows: {
    scenario: string;
    rows: number;
    serverP50: number;
    serverP95: number;
    pgP50: number;
    pgP95: number;
    met: boolean;
  }[],
): void {
  const ms = (value: number) => value.toFixed(1).padStart(10);
  const width = Math.max(...rows.map((row) => row.scenario.length));
  console.log(
    `\n${'scenario'.padEnd(width)}  ${'rows'.padStart(6)}  ${'server p50'.padStart(10)}  ${'pg p50'.padStart(10)}  ${'server p95'.padStart(10)}  ${'pg p95'.padStart(10)}  goal p95 ≤ ${GOAL_P95_MS} ms`,
  );
  for (const row of rows) {
    console.log(
      `${row.scenario.padEnd(width)}  ${String(row.rows).padStart(6)}  ${ms(row.serverP50)}  ${ms(row.pgP50)}  ${ms(row.serverP95)}  ${ms(row.pgP95)}  ${row.met ? 'met' : 'NOT met'}`,
    );
  }
}
