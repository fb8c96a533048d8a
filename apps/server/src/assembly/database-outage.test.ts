// The embedded PostgreSQL hung (SIGSTOP) and killed (-9) under a real studio process: 503 with a
// clear message meanwhile, never a hang or a 500, and the studio starts PostgreSQL again.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getFreePort, signIn, TestBrowser } from '../../test/studio.ts';
import { makeTempDir } from '../../test/upload.fixtures.ts';
import {
  killStudioProcesses,
  spawnStudio,
  waitUntil,
  waitUntilHealthy,
} from '../../test/studio-process.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/errors.ts';

/** Child processes of `pid`, from /proc (Linux). */
async function listChildren(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (/^\d+$/.test(entry)) {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // The fields after the command name (which may hold spaces) in parentheses: state, ppid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) {
        children.push(Number(entry));
      }
    }
  }
  return children;
}

afterAll(async () => {
  await killStudioProcesses();
});

describe('the embedded PostgreSQL hung, then killed', () => {
  it('answers 503 with a clear message while it is down, and starts it again', async () => {
    const dataDir = await makeTempDir('conversa-outage-test-');
    const port = await getFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const studio = spawnStudio({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      STUDIO_ADMIN_EMAIL: 'admin@outage.test',
      STUDIO_ADMIN_PASSWORD: 'admin-password',
      STUDIO_DEFAULT_NAMESPACE: '',
    });
    await waitUntilHealthy(studio, baseUrl);
    const browser = new TestBrowser(baseUrl);
    expect(
      new URL((await signIn(browser, 'admin@outage.test', 'admin-password')).url).pathname,
    ).toBe('/dashboard');
    // A call that needs the database (the session, then the list).
    const call = () => browser.api('/v1/conversa/uploads');
    expect((await call()).status).toBe(200);

    const postmasterPid = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    // Every process of the cluster (backends put themselves in process groups of their own).
    const cluster = [postmasterPid, ...(await listChildren(postmasterPid))];
    for (const pid of cluster) {
      process.kill(pid, 'SIGSTOP');
    }
    try {
      const health = await fetch(`${baseUrl}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({
        status: 'unavailable',
        message: 'The database does not answer.',
      });
      const hung = await call();
      expect(hung.status).toBe(503);
      expect(hung.headers.get('retry-after')).toBe('5');
      expect(await hung.json()).toMatchObject({
        statusCode: 503,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    } finally {
      // Killed while stopped; its backends, continued, notice their postmaster is gone and exit.
      process.kill(postmasterPid, 'SIGKILL');
      for (const pid of cluster.slice(1)) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // ESRCH: gone already.
        }
      }
    }

    const meanwhile = await call();
    expect(meanwhile.status, await meanwhile.clone().text()).not.toBe(500);
    if (meanwhile.status === 503) {
      expect(await meanwhile.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }

    await waitUntil(
      () => Promise.resolve(studio.output().includes('embedded PostgreSQL running again')),
      60_000,
      'the studio to start PostgreSQL again',
    );
    expect(studio.output()).toContain('the embedded PostgreSQL stopped unexpectedly (SIGKILL)');
    await waitUntil(async () => (await call()).status === 200, 30_000, 'calls to succeed again');
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

    // The restarted PostgreSQL is the studio's own again: a clean stop stops it too.
    studio.child.kill('SIGTERM');
    expect(await studio.exited, studio.output()).toBe(0);
    await expect(readFile(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  }, 360_000);
});
