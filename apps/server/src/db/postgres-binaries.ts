import { spawn } from 'node:child_process';
import { chown, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error.ts';
import type { OsAccount } from './postgres-os-account.ts';

export interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * We drive the PostgreSQL binaries of `@embedded-postgres/<platform>` ourselves rather than through
 * the `embedded-postgres` package: that one installs process-wide exit hooks (async-exit-hook)
 * that call `process.exit(0)` on `beforeExit`, replacing the exit code of whatever process
 * imported it (a failing Vitest run exited 0), and it cannot run from a directory its OS user
 * cannot reach.
 */
export async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as Binaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** Runs a binary to its end; rejects with its last output lines when it fails. */
function runToEnd(command: string, args: string[], account: OsAccount | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(account ?? {}),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) =>
      reject(new EmbeddedPostgresError(`Cannot run ${command}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) {
        resolve();
      } else {
        reject(
          new EmbeddedPostgresError(
            `${path.basename(command)} failed (exit ${code}): ${lastLines(output)}`,
          ),
        );
      }
    });
  });
}

export function lastLines(output: string): string {
  return output.trim().split('\n').slice(-3).join(' | ') || 'no output';
}

/** Creates a new cluster in `databaseDir` with `user` as its superuser (initdb). */
export async function initialiseCluster(options: {
  binaries: Binaries;
  dataDir: string;
  databaseDir: string;
  user: string;
  password: string;
  account: OsAccount | undefined;
}): Promise<void> {
  const { binaries, dataDir, databaseDir, user, password, account } = options;
  // initdb reads the superuser's password from a file only its OS user can read, removed right
  // after (Node's pipe to a child is a socket, which initdb cannot open as /dev/stdin).
  const passwordFile = path.join(dataDir, '.initdb-password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) {
      await chown(passwordFile, account.uid, account.gid);
    }
    await runToEnd(
      binaries.initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        // Case-insensitive search (ILIKE, lower()) must fold letters beyond ASCII ("École") on
        // every machine: PostgreSQL's own Unicode locale, not one the OS may lack.
        '--no-locale',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      account,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}
