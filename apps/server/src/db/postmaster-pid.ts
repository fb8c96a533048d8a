import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error.ts';

/** Whether a process exists (EPERM: it does, under another OS user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of the postmaster serving `databaseDir` on `port`, from its `postmaster.pid` (line 1:
 * pid, line 4: port). A cluster this process cannot watch is refused, not joined unsupervised.
 */
export async function readPostmasterPid(databaseDir: string, port: number): Promise<number> {
  const file = path.join(databaseDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(file, 'utf8')).split('\n');
  } catch (error) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL answers on port ${port}, but ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), so this process cannot supervise it: stop that PostgreSQL or choose another EMBEDDED_POSTGRES_PORT.`,
    );
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || Number(lines[3]) !== port || !isProcessAlive(pid)) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL answers on port ${port}, but it is not the one ${file} describes, so this process cannot supervise it: stop that PostgreSQL or choose another EMBEDDED_POSTGRES_PORT.`,
    );
  }
  return pid;
}
