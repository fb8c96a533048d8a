export async function time(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export interface Figure {
  name: string;
  p50: number;
  p95: number;
  max: number;
  goal?: number;
  extra?: string;
}

export function summarize(
  name: string,
  samples: readonly number[],
  goal?: number,
  extra?: string,
): Figure {
  return {
    name,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    max: Math.max(...samples),
    ...(goal === undefined ? {} : { goal }),
    ...(extra === undefined ? {} : { extra }),
  };
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function printTable(figures: readonly Figure[]): void {
  const width = Math.max(...figures.map((figure) => figure.name.length));
  console.log(
    `\n${'measure'.padEnd(width)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  ${'goal'.padStart(6)}   (ms)`,
  );
  for (const figure of figures) {
    const verdict = figure.goal === undefined ? '' : figure.p95 <= figure.goal ? ' met' : ' MISSED';
    console.log(
      `${figure.name.padEnd(width)}  ${figure.p50.toFixed(1).padStart(8)}  ${figure.p95.toFixed(1).padStart(8)}  ${figure.max.toFixed(1).padStart(8)}  ${(figure.goal === undefined ? '' : `≤${figure.goal}`).padStart(6)}${verdict}${figure.extra ? `  ${figure.extra}` : ''}`,
    );
  }
}
