import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getFreePort, startTestStudio } from '../test/studio.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

/** A failed stop's report: how it ended first (a summary may keep only the first line). */
function exitReport(exit: { code: number | null; signal: string | null }, output: string): string {
  return `ended with code ${exit.code} and signal ${exit.signal}; the server's output:\n${output}`;
}

describe('healthz', () => {
  it('answers 503 once the database stops answering', async () => {
    const studio = await startTestStudio();
    expect((await fetch(`${studio.baseUrl}/healthz`)).status).toBe(200);
    await studio.database.pool.end();
    const response = await fetch(`${studio.baseUrl}/healthz`);
    expect(response.status).toBe(503);
    await studio.app.close();
  });
});

describe('a port taken', () => {
  it('fails the start with EADDRINUSE once every attempt found the port taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await expect(startTestStudio({ PORT: String(port) })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      taken.close();
    }
  });
});

describe('stopping with a request in flight', () => {
  it('gives it REQUEST_SHUTDOWN_GRACE_SECONDS, then closes its connection and stops', async () => {
    const studio = await startTestStudio({ REQUEST_SHUTDOWN_GRACE_SECONDS: '1' });
    const { port } = new URL(studio.baseUrl);
    // A client that starts a request and goes quiet, as a paused download does: without the
    // cut-off, the server would wait for it until Node's own time-outs, a minute or more.
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const closed = once(socket, 'close');
    // Without the cut-off, this waits past the test's time limit.
    await studio.stop();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe('the server process on embedded defaults', () => {
  it('creates the admin once (password file mode 600), and stops cleanly on SIGTERM, embedded PostgreSQL included', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'conversa-start-'));
    const port = await getFreePort();
    const postgresPort = await getFreePort();
    const startServer = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH,
          TMPDIR: process.env.TMPDIR,
          PORT: String(port),
          DATA_DIR: dataDir,
          EMBEDDED_POSTGRES_PORT: String(postgresPort),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const run = {
        child,
        output: '',
        // The signal too: a process that a native crash ends has no exit code (null).
        exited: new Promise<{ code: number | null; signal: string | null }>((resolve) =>
          child.on('exit', (code, signal) => resolve({ code, signal })),
        ),
      };
      child.stdout.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
      return run;
    };
    const waitUntilHealthy = (run: ReturnType<typeof startServer>) =>
      // Generous: this start loads the sentence model too, and the machine may be busy.
      waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 180_000).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}; server output:\n${run.output}`);
        },
      );

    const first = startServer();
    await waitUntilHealthy(first);
    const output = first.output;
    const credentialsFile = path.join(dataDir, 'admin-credentials.txt');
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(readFileSync(credentialsFile, 'utf8'))![1]!;
    expect(output).toContain('email:    admin@example.com');
    expect(output).toContain(`password: ${password}`);
    expect(output).toContain(`Conversa Studio is running at http://127.0.0.1:${port}`);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    first.child.kill('SIGTERM');
    const firstExit = await first.exited;
    expect(firstExit, exitReport(firstExit, first.output)).toEqual({ code: 0, signal: null });
    expect(first.output).toContain('SIGTERM: finishing in-flight requests and stopping');
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // A second start keeps the admin: nothing is generated or printed again.
    const second = startServer();
    await waitUntilHealthy(second);
    expect(second.output).not.toContain('A platform admin was created');
    second.child.kill('SIGINT');
    const secondExit = await second.exited;
    expect(secondExit, exitReport(secondExit, second.output)).toEqual({ code: 0, signal: null });
  }, 420_000);
});
