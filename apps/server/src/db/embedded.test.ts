import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getFreePort } from '../../test/studio.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { describeUnreachable, listDirectoryChain } from './postgres-os-account.ts';

describe('listDirectoryChain', () => {
  it.each([
    ['/root/conversa/data', ['/', '/root', '/root/conversa', '/root/conversa/data']],
    ['/tmp/', ['/', '/tmp']],
    ['/', ['/']],
  ])('%s gives every directory from / down', (target, chain) => {
    expect(listDirectoryChain(target)).toEqual(chain);
  });
});

describe('describeUnreachable', () => {
  it('names the path, the reason and the fix in one line', () => {
    const line = describeUnreachable({
      blocked: '/root',
      target: '/root/conversa/data/postgres',
      account: 'postgres',
      reason: 'setfacl is not installed',
    });
    expect(line).not.toContain('\n');
    expect(line).toContain('cannot enter /root to reach /root/conversa/data/postgres');
    expect(line).toContain('(setfacl is not installed)');
    expect(line).toContain('apt-get install acl');
    expect(line).toContain('setfacl -m u:postgres:x /root');
    expect(line).toContain('DATA_DIR');
  });
});

describe('a port another program holds', () => {
  it('is refused with the port, the likely holder and the setting to change, before anything starts', async () => {
    // Another program: it accepts a connection, then hangs up without a word of PostgreSQL.
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'conversa-port-taken-'));
    try {
      await expect(
        startEmbeddedPostgres({ dataDir, port, portSetting: 'TEST_POSTGRES_PORT' }),
      ).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is taken by another program, not the PostgreSQL of ${path.join(dataDir, 'postgres')} (another checkout's, or one left running by a run cut short?): stop it (ss -ltnp 'sport = :${port}' names it) or choose another TEST_POSTGRES_PORT.`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the embedded PostgreSQL in a private directory', () => {
  // mkdtemp makes a mode-700 directory: as root, PostgreSQL's own OS user cannot enter it unless
  // the studio grants it traverse-only access, which is what a clone under /root needs too.
  let parent: string | undefined;

  afterAll(async () => {
    if (parent) {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('initialises, starts, answers and stops, leaving the directory private', async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'conversa-private-'));
    expect((await stat(parent)).mode & 0o777).toBe(0o700);
    const dataDir = path.join(parent, 'data');
    const database = await startEmbeddedPostgres({ dataDir, port: await getFreePort() });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('select 41 + 1 as answer');
      // Spec §5 search is case-insensitive; the cluster folds letters beyond ASCII whatever
      // locales the OS has.
      const folding = await client.query<{ lowered: string; matches: boolean }>(
        "select lower('ÉCOLE Ørsted') as lowered, 'L''École' ilike '%écol%' as matches",
      );
      await client.end();
      expect(rows).toEqual([{ answer: 42 }]);
      expect(folding.rows).toEqual([{ lowered: 'école ørsted', matches: true }]);
    } finally {
      await database.stop();
    }
    // Nobody gained read or write: only traverse (x), for PostgreSQL's user alone, via an ACL.
    expect((await stat(parent)).mode & 0o007).toBe(0);
  }, 120_000);
});

// Issue 30: a postmaster killed under the studio is started again whether this process started
// it or joined it (after a studio crash the cluster survives in its own process group and the
// restarted studio joins it).
describe('the embedded PostgreSQL is supervised', () => {
  const parents: string[] = [];

  afterAll(async () => {
    for (const parent of parents) {
      // A backend of the killed postmaster can still be writing its last files (pg_logical) as
      // it exits on its own after the stop: ENOTEMPTY once seen in a full run, so retried.
      await rm(parent, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  });

  async function makeDataDir() {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'conversa-supervised-'));
    parents.push(parent);
    return path.join(parent, 'data');
  }

  async function readPid(dataDir: string): Promise<number> {
    return Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
  }

  /** Kills the postmaster with SIGKILL and waits until a new one answers. */
  async function killAndAwaitRestart(dataDir: string, url: string) {
    const killed = await readPid(dataDir);
    process.kill(killed, 'SIGKILL');
    // A ceiling, not a timing claim: the restart waits for the old backends to exit.
    for (let waited = 0; waited < 90_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        await client.end();
        expect(rows).toHaveLength(1);
        const restarted = await readPid(dataDir);
        expect(restarted).not.toBe(killed);
        return restarted;
      } catch {
        await client.end().catch(() => undefined);
      }
    }
    throw new Error(`PostgreSQL (pid ${killed} killed) was not started again`);
  }

  it('started by this process: killed, it is started again', async () => {
    const dataDir = await makeDataDir();
    const database = await startEmbeddedPostgres({ dataDir, port: await getFreePort() });
    try {
      await killAndAwaitRestart(dataDir, database.url);
    } finally {
      await database.stop();
    }
  }, 180_000);

  it('joined after the process that started it was killed: killed, it is started again', async () => {
    const dataDir = await makeDataDir();
    const port = await getFreePort();
    // A studio that starts the cluster and is then killed with SIGKILL, as a crash would.
    const starter = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))});
         await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
         console.log('ready');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      starter.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) {
          resolve();
        }
      });
      starter.once('exit', (code) => reject(new Error(`the starter exited (${code})`)));
    });
    starter.kill('SIGKILL');
    const logs: string[] = [];
    const database = await startEmbeddedPostgres({
      dataDir,
      port,
      log: (line) => logs.push(line),
    });
    try {
      expect(logs.join('\n')).toContain('joined the embedded PostgreSQL already running');
      await killAndAwaitRestart(dataDir, database.url);
    } finally {
      await database.stop();
    }
  }, 180_000);
});
