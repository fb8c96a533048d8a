// Printing helpers shared by the benchmark's sections.

export function formatRate(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

export function formatMs(value: number): string {
  return value < 10 ? value.toFixed(3) : value.toFixed(0);
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) {
    console.log(line(row));
  }
}

export function formatShare(count: number, total: number): string {
  return total === 0 ? '—' : formatRate(count / total);
}
