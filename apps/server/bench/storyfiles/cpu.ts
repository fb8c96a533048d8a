// bench:storyfiles' CPU per ask (bench/storyfiles.ts): the studio's process (every thread of it:
// the event loop, the scorer threads, the sentence model's; and the bench's own client, which asks
// from the same process) and the bench's embedded PostgreSQL (its postmaster, the backends
// alive and those it reaped), read from Linux's /proc before and after a phase.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Linux reports a process's CPU in clock ticks of 1/100 s (USER_HZ) on every architecture. */
const TICK_MS = 10;

export interface CpuReading {
  /** The studio's process, user and system, ms. */
  processMs: number;
  /** The embedded PostgreSQL's processes, ms; undefined without /proc or its postmaster.pid. */
  postgresMs: number | undefined;
}

/** Fields of /proc/<pid>/stat after the command's parenthesis (field 3, state, is index 0). */
function readStat(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function postgresMs(databaseDir: string): number | undefined {
  let postmaster: string;
  try {
    postmaster = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
  } catch {
    return undefined;
  }
  const own = readStat(postmaster);
  if (!own) {
    return undefined;
  }
  // utime, stime, and the reaped children's cutime and cstime (fields 14-17).
  let ticks = own.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  for (const pid of readdirSync('/proc')) {
    const stat = /^\d+$/.test(pid) ? readStat(pid) : undefined;
    // Its backends and background workers (parent: field 4).
    if (stat?.[1] === postmaster) {
      ticks += Number(stat[11]) + Number(stat[12]);
    }
  }
  return ticks * TICK_MS;
}

/** The CPU used so far; `databaseDir` is the embedded cluster's (none: an external PostgreSQL). */
export function readCpu(databaseDir: string | undefined): CpuReading {
  const { user, system } = process.cpuUsage();
  return {
    processMs: (user + system) / 1000,
    postgresMs: databaseDir ? postgresMs(databaseDir) : undefined,
  };
}

/** CPU ms per ask between two readings. */
export function cpuPerAsk(
  before: CpuReading,
  after: CpuReading,
  asks: number,
): { processMs: number; postgresMs: number | undefined } {
  return {
    processMs: (after.processMs - before.processMs) / asks,
    postgresMs:
      before.postgresMs === undefined || after.postgresMs === undefined
        ? undefined
        : (after.postgresMs - before.postgresMs) / asks,
  };
}
