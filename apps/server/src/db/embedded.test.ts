import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getFreePort } from '../../test/studio.ts';
import { describeUnreachable, listDirectoryChain, startEmbeddedPostgres } from './embedded.ts';

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
      await client.end();
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.stop();
    }
    // Nobody gained read or write: only traverse (x), for PostgreSQL's user alone, via an ACL.
    expect((await stat(parent)).mode & 0o007).toBe(0);
  }, 120_000);
});
