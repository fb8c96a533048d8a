import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { oidcPayloads } from '../modules/auth/auth.tables.ts';
import { learningXapiOutbox } from '../modules/learning/learning.tables.ts';
import { createFileMediaStore } from '../media/media-store.ts';
import { createUploadStorage } from '../modules/uploads/index.ts';
import { openTestDatabase } from '../../test/studio.ts';
import { makeTempDir } from '../../test/upload.fixtures.ts';
import { getWebMaintenanceTasks, startMaintenance } from './maintenance.ts';

describe('startMaintenance', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every task after the first delay and then each interval; a failure is logged, the rest still run', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const log = vi.fn();
    const maintenance = startMaintenance(
      [
        {
          name: 'failing task',
          run: () => {
            calls.push('failing');
            return Promise.reject(new Error('disk full'));
          },
        },
        { name: 'next task', run: () => Promise.resolve(calls.push('next')) },
      ],
      { firstDelayMs: 1_000, intervalMs: 5_000, log },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['failing', 'next']);
    expect(log).toHaveBeenCalledWith('failing task failed: disk full');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual(['failing', 'next', 'failing', 'next']);
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
  });

  it('stops only once the round in progress has finished', async () => {
    vi.useFakeTimers();
    let finishRound = () => {};
    const maintenance = startMaintenance(
      [{ name: 'slow task', run: () => new Promise<void>((resolve) => (finishRound = resolve)) }],
      { firstDelayMs: 0, intervalMs: 5_000, log: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(0);
    let isStopped = false;
    const stopping = maintenance.stop().then(() => (isStopped = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isStopped).toBe(false);
    finishRound();
    await stopping;
    expect(isStopped).toBe(true);
  });
});

describe("a web process's maintenance", () => {
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    [handle, dataDir] = await Promise.all([
      openTestDatabase(),
      makeTempDir('conversa-web-maintenance-'),
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("deletes the identity provider's long-expired records and keeps the live ones", async () => {
    const { db } = handle;
    const day = 24 * 3600 * 1000;
    await db.insert(oidcPayloads).values([
      {
        model: 'AuthorizationCode',
        id: 'stale',
        payload: {},
        expiresAt: new Date(Date.now() - 2 * day),
      },
      { model: 'Session', id: 'live', payload: {}, expiresAt: new Date(Date.now() + day) },
    ]);
    const config = loadConfig({ DATA_DIR: dataDir });
    const tasks = getWebMaintenanceTasks({
      db,
      config,
      media: {
        uploadStorage: createUploadStorage(config.media, dataDir),
        mediaStore: createFileMediaStore(path.join(dataDir, 'media')),
        recover: () => Promise.resolve(),
      },
    });
    const log = vi.fn();
    const maintenance = startMaintenance(tasks, { firstDelayMs: 0, intervalMs: 60_000, log });
    try {
      await vi.waitFor(
        async () => {
          const ids = (await db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map(
            (row) => row.id,
          );
          expect(ids).toEqual(['live']);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await maintenance.stop();
    }
    expect(log).not.toHaveBeenCalled();
  });

  it('deletes xAPI statements the LRS took more than XAPI_OUTBOX_RETENTION_DAYS ago, and only those', async () => {
    const { db } = handle;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const ids = {
      sentLongAgo: '00000000-0000-4000-8000-000000000001',
      sentYesterday: '00000000-0000-4000-8000-000000000002',
      waiting: '00000000-0000-4000-8000-000000000003',
      refusedLongAgo: '00000000-0000-4000-8000-000000000004',
      sentPastShorterRetention: '00000000-0000-4000-8000-000000000005',
    };
    await db.insert(learningXapiOutbox).values([
      { id: ids.sentLongAgo, statement: {}, sentAt: daysAgo(31), createdAt: daysAgo(31) },
      { id: ids.sentYesterday, statement: {}, sentAt: daysAgo(1), createdAt: daysAgo(1) },
      { id: ids.waiting, statement: {}, attempts: 9, createdAt: daysAgo(60) },
      { id: ids.refusedLongAgo, statement: {}, refusedAt: daysAgo(60), createdAt: daysAgo(60) },
      {
        id: ids.sentPastShorterRetention,
        statement: {},
        sentAt: daysAgo(8),
        createdAt: daysAgo(8),
      },
    ]);
    const prune = async (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: dataDir, ...env });
      const tasks = getWebMaintenanceTasks({
        db,
        config,
        media: {
          uploadStorage: createUploadStorage(config.media, dataDir),
          mediaStore: createFileMediaStore(path.join(dataDir, 'media')),
          recover: () => Promise.resolve(),
        },
      });
      await tasks.find((task) => task.name === 'delivered xAPI statements')!.run();
      return (await db.select({ id: learningXapiOutbox.id }).from(learningXapiOutbox))
        .map((row) => row.id)
        .sort();
    };
    // The default keeps 30 days.
    expect(await prune({})).toEqual(
      [ids.sentYesterday, ids.waiting, ids.refusedLongAgo, ids.sentPastShorterRetention].sort(),
    );
    expect(await prune({ XAPI_OUTBOX_RETENTION_DAYS: '7' })).toEqual(
      [ids.sentYesterday, ids.waiting, ids.refusedLongAgo].sort(),
    );
  });
});
