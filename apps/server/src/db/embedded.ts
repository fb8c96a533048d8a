import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError } from './embedded-postgres-error.ts';
import { initialiseCluster, loadBinaries } from './postgres-binaries.ts';
import { ensurePostgresAccount, ensureReachable } from './postgres-os-account.ts';
import { canConnect, isPortTaken, launchPostgres, stopServer } from './postgres-server.ts';
import { isProcessAlive, readPostmasterPid } from './postmaster-pid.ts';

const USER = 'conversa';
const DATABASE = 'conversa';

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL only if this process started it. */
  stop(): Promise<void>;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) {
    return (await readFile(file, 'utf8')).trim();
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function makeDirectory(directory: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new EmbeddedPostgresError(
      `Cannot create the data directory ${directory} (${code}): set DATA_DIR to a directory you can write.`,
    );
  }
}

/**
 * Starts (or joins) the PostgreSQL cluster under `dataDir/postgres`. A second process on the same
 * data dir (the operator CLI while the server runs) connects to the running cluster instead of
 * starting another one.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** Server settings passed as `-c name=value` (the test run's roomier `max_connections`). */
  settings?: Readonly<Record<string, string>>;
  /** The setting that chooses `port`, named in the error when another program holds it. */
  portSetting?: string;
  log?: (message: string) => void;
  /** PostgreSQL died and could not be started again; unset, that is only logged. */
  onFatal?: (error: EmbeddedPostgresError) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  await makeDirectory(dataDir);
  const databaseDir = path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(path.join(dataDir, '.postgres-password'));
  const urlOf = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  const url = urlOf(DATABASE);

  // A cluster already running (another studio process, or one whose studio was killed: it runs in
  // its own process group and survives) is joined and supervised like one started here, by the
  // postmaster's pid; one whose pid cannot be read is refused rather than joined unwatched.
  const adoptedPid = (await canConnect(url))
    ? await readPostmasterPid(databaseDir, options.port)
    : undefined;
  if (adoptedPid === undefined && (await isPortTaken(options.port))) {
    const isOurs = await readPostmasterPid(databaseDir, options.port).then(
      () => true,
      () => false,
    );
    if (!isOurs) {
      throw new EmbeddedPostgresError(
        `Port ${options.port} on 127.0.0.1 is taken by another program, not the PostgreSQL of ${databaseDir} (another checkout's, or one left running by a run cut short?): stop it (ss -ltnp 'sport = :${options.port}' names it) or choose another ${options.portSetting ?? 'EMBEDDED_POSTGRES_PORT'}.`,
      );
    }
  }
  if (adoptedPid !== undefined) {
    log(
      `joined the embedded PostgreSQL already running on port ${options.port} (pid ${adoptedPid})`,
    );
  }

  const binaries = await loadBinaries();
  const account = process.getuid?.() === 0 ? ensurePostgresAccount() : undefined;
  await makeDirectory(databaseDir);
  if (account) {
    await chown(databaseDir, account.uid, account.gid);
    ensureReachable([path.dirname(binaries.postgres), databaseDir], account, log);
  }

  if (adoptedPid === undefined && !existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await initialiseCluster({ binaries, dataDir, databaseDir, user: USER, password, account });
  }

  const launch = () =>
    launchPostgres({
      binaries,
      databaseDir,
      port: options.port,
      settings: options.settings,
      account,
      readyUrl: urlOf('postgres'),
    });
  /** The postmaster this process launched; undefined while it supervises one it joined. */
  let server: ChildProcess | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  /** A restart under way: `stop()` waits for it, or the postmaster it launches outlives the stop. */
  let recovering: Promise<void> | undefined;

  // PostgreSQL that dies under the studio (killed, crashed, out of memory) is started again,
  // whoever started it: it recovers from its write-ahead log, and meanwhile database calls answer
  // 503. If it cannot be started again, `onFatal` decides (the server exits non-zero, for its
  // supervisor). Another process on the same cluster may start it first: this one then joins it.
  const recover = (reason: string) => {
    if (stopping) {
      return;
    }
    log(`the embedded PostgreSQL stopped unexpectedly (${reason}): starting it again`);
    recovering = (async () => {
      let lastError: unknown;
      for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt += 1) {
        // The dead postmaster's backends must notice and exit before a new one can start.
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
        try {
          const joined = (await canConnect(url))
            ? await readPostmasterPid(databaseDir, options.port)
            : undefined;
          if (stopping) {
            return;
          }
          if (joined !== undefined) {
            log(
              `joined the embedded PostgreSQL started again on port ${options.port} (pid ${joined})`,
            );
            watchPid(joined);
            return;
          }
          server = await launch();
          if (stopping) {
            await stopServer(server);
            return;
          }
          log(`embedded PostgreSQL running again on 127.0.0.1:${options.port}`);
          watchChild(server);
          return;
        } catch (error) {
          lastError = error;
        }
      }
      if (!stopping) {
        options.onFatal?.(
          new EmbeddedPostgresError(
            `The embedded PostgreSQL stopped and could not be started again: ${(lastError as Error | undefined)?.message ?? 'stopped'}`,
          ),
        );
      }
    })();
  };
  const watchChild = (current: ChildProcess) => {
    current.once('exit', (code, signal) => recover(signal ?? `exit ${code}`));
  };
  // A postmaster this process did not launch sends it no exit event: its pid is polled.
  const watchPid = (pid: number) => {
    watcher = setInterval(() => {
      if (!isProcessAlive(pid)) {
        clearInterval(watcher);
        watcher = undefined;
        recover(`process ${pid} is gone`);
      }
    }, ADOPTED_POLL_MS);
    watcher.unref();
  };

  if (adoptedPid === undefined) {
    server = await launch();
    const admin = new pg.Client({ connectionString: urlOf('postgres') });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (exists.rowCount === 0) {
        await admin.query(`create database ${DATABASE}`);
      }
    } finally {
      await admin.end();
    }
    log(`embedded PostgreSQL running on 127.0.0.1:${options.port}`);
    watchChild(server);
  } else {
    watchPid(adoptedPid);
  }
  return {
    url,
    // A joined cluster is left running for the processes that share it; one this process
    // launched (at start, or again after it died) is stopped.
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(watcher);
        // A restart that launched a postmaster as the stop came stops it itself; `server` is
        // that postmaster once it has.
        await recovering?.catch(() => undefined);
        if (server) {
          await stopServer(server);
        }
      })()),
  };
}

/** How often the pid of a joined postmaster is checked. */
const ADOPTED_POLL_MS = 500;

/** Attempts to start a PostgreSQL that died under the studio, RESTART_DELAY_MS apart. */
const RESTART_ATTEMPTS = 10;
const RESTART_DELAY_MS = 1_000;
