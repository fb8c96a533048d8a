import { readFile } from 'node:fs/promises';

export function parseSize(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kib|mib|gib|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) {
    throw new Error(`--size: cannot read ${value}`);
  }
  const units: Record<string, number> = {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
  };
  return Math.round(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!);
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const mib = (bytes: number) => bytes / 1024 ** 2;

/** Peak and current resident memory of a process, from /proc (Linux). */
export async function readMemory(
  pid: number,
): Promise<{ peakBytes: number; currentBytes: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) =>
    Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { peakBytes: read('VmHWM'), currentBytes: read('VmRSS') };
}
