// bench:lists' report (bench/lists.ts): percentiles and the table of server against direct SQL.

export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function printTable(
  rows: {
    scenario: string;
    who: string;
    matches: number;
    serverP50: number;
    serverP95: number;
    pgP50: number;
    pgP95: number;
    ratioP50: number;
    ratioP95: number;
  }[],
): void {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  const ratio = (value: number) => `${value.toFixed(2)}x`.padStart(7);
  const width = Math.max(...rows.map((row) => row.scenario.length));
  console.log(
    `\n${'scenario'.padEnd(width)}  ${'matches'.padStart(7)}  ${'server p50'.padStart(10)}  ${'pg p50'.padStart(7)}  ${'ratio'.padStart(7)}  ${'server p95'.padStart(10)}  ${'pg p95'.padStart(7)}  ${'ratio'.padStart(7)}   (ms)`,
  );
  for (const row of rows) {
    console.log(
      `${row.scenario.padEnd(width)}  ${String(row.matches).padStart(7)}  ${ms(row.serverP50).padStart(10)}  ${ms(row.pgP50)}  ${ratio(row.ratioP50)}  ${ms(row.serverP95).padStart(10)}  ${ms(row.pgP95)}  ${ratio(row.ratioP95)}`,
    );
  }
}
