// Replicas started together on an empty database: each ensures the platform admin at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/studio.ts';
import { makeTempDir } from '../../../test/upload.fixtures.ts';
import { ensurePlatformAdmin, GENERATED_ADMIN_EMAIL } from './bootstrap-admin.ts';
import { findUserByEmail } from './users.service.ts';

let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeTempDir('conversa-admin-');
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('ensuring the platform admin from processes starting together', () => {
  it('generates one admin, and the other starts find it instead of failing', async () => {
    const starts = await Promise.all(
      Array.from({ length: 4 }, () =>
        ensurePlatformAdmin(database.db, { email: undefined, password: undefined, dataDir }),
      ),
    );
    expect(starts.filter((start) => start.kind === 'generated')).toHaveLength(1);
    expect(starts.filter((start) => start.kind === 'existing')).toHaveLength(3);
    expect(await findUserByEmail(database.db, GENERATED_ADMIN_EMAIL)).toMatchObject({
      isAdmin: true,
    });
  });

  it('makes a configured admin once, whichever start creates it', async () => {
    // Rounds of 8 starts: a start that looked before another's row arrived loses either at the
    // insert or at createUser's own look; both must find the row instead of failing.
    for (let round = 0; round < 5; round++) {
      const email = `operator-${round}@example.com`;
      const starts = await Promise.all(
        Array.from({ length: 8 }, () =>
          ensurePlatformAdmin(database.db, { email, password: 'operator-password', dataDir }),
        ),
      );
      expect(starts).toEqual(Array.from({ length: 8 }, () => ({ kind: 'configured', email })));
      expect(await findUserByEmail(database.db, email)).toMatchObject({ isAdmin: true });
    }
  });
});
