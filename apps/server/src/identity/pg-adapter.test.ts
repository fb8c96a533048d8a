import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { oidcPayloads } from '../modules/auth/auth.tables.ts';
import { openTestDatabase } from '../../test/studio.ts';
import { createPostgresAdapterClass, deleteExpiredOidcPayloads } from './pg-adapter.ts';

const HOUR = 3600 * 1000;

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('deleteExpiredOidcPayloads', () => {
  it('deletes rows expired over a day ago and keeps live, recently expired and unexpiring ones', async () => {
    const { db } = handle;
    const row = (id: string, expiresAt: Date | null) => ({
      model: 'Session',
      id,
      payload: { id },
      expiresAt,
    });
    await db
      .insert(oidcPayloads)
      .values([
        row('expired-2-days-ago', new Date(Date.now() - 48 * HOUR)),
        row('expired-25-hours-ago', new Date(Date.now() - 25 * HOUR)),
        row('expired-an-hour-ago', new Date(Date.now() - HOUR)),
        row('live', new Date(Date.now() + HOUR)),
        row('never-expires', null),
      ]);

    expect(await deleteExpiredOidcPayloads(db)).toBe(2);

    const left = await db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left.map(({ id }) => id).sort()).toEqual([
      'expired-an-hour-ago',
      'live',
      'never-expires',
    ]);
    // Expired rows that stay are invisible to the provider all the same.
    const Adapter = createPostgresAdapterClass(db);
    const sessions = new Adapter('Session');
    expect(await sessions.find('expired-an-hour-ago')).toBeUndefined();
    expect(await sessions.find('live')).toEqual({ id: 'live' });
  });
});
