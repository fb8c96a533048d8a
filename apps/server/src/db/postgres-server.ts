import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { EmbeddedPostgresError } from './embedded-postgres-error.ts';
import { lastLines, type Binaries } from './postgres-binaries.ts';
import type { OsAccount } from './postgres-os-account.ts';

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export async function canConnect(url: string): Promise<boolean> {
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

/** Whether anything accepts a TCP connection on 127.0.0.1:`port` (a PostgreSQL or not). */
export function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    const settle = (isTaken: boolean) => {
      socket.destroy();
      resolve(isTaken);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
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

/** Starts a postmaster on `databaseDir` and resolves once `readyUrl` accepts connections. */
export async function launchPostgres(options: {
  binaries: Binaries;
  databaseDir: string;
  port: number;
  settings?: Readonly<Record<string, string>>;
  account: OsAccount | undefined;
  readyUrl: string;
}): Promise<ChildProcess> {
  const { binaries, databaseDir, account } = options;
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
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
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
  await Promise.race([waitUntilReady(options.readyUrl, server, () => output), spawnFailed]);
  return server;
}

export function stopServer(server: ChildProcess): Promise<void> {
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
