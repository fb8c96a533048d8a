import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LAST_PLATFORM_ADMIN_MESSAGE } from '@conversa/contracts';
import { auditEvents } from './accounts.tables.ts';
import { startScimStudio, SUPER_ADMIN_ROLE, type ScimKit } from '../../../test/scim.fixtures.ts';
import { signInAs, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// Platform admins (the super admin role) against a real studio and PostgreSQL: made and unmade by
// platform admins only, audited, and one always remains.

let kit: ScimKit;
let studio: TestStudio;
let admin: ApiClient;

beforeAll(async () => {
  kit = await startScimStudio();
  ({ studio, admin } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('platform admins', () => {
  it('only platform admins make or unmake them, audited, and one always remains', async () => {
    const org = await kit.buildOrganization({ owner: 'owner:ns', eve: 'read:ns' });
    const path = `/v1/conversa/users/${org.ids.eve}/platform-admin`;
    expect(await (await org.owner()).put(path, { isAdmin: true })).toMatchObject({
      status: 403,
      body: { message: SUPER_ADMIN_ROLE },
    });
    expect(await admin.put(path, { isAdmin: true })).toMatchObject({
      status: 200,
      body: { userId: org.ids.eve, isAdmin: true },
    });
    const eve = await signInAs(studio, org.email('eve'));
    expect((await eve.get<{ isAdmin: boolean }>('/v1/conversa/auth/me')).body.isAdmin).toBe(true);
    // Eve, now an admin, takes it back from herself; the seeded admin remains.
    expect(await eve.put(path, { isAdmin: false })).toMatchObject({ status: 200 });
    expect((await eve.get<{ isAdmin: boolean }>('/v1/conversa/auth/me')).body.isAdmin).toBe(false);
    const events = await studio.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, org.ids.eve!))
      .orderBy(auditEvents.createdAt);
    expect(events).toEqual([
      { action: 'user.admin_granted', actor: 'admin@example.com' },
      { action: 'user.admin_revoked', actor: org.email('eve') },
    ]);

    const admins = await studio.database.db.execute<{ id: string }>(
      sql`select id from users where is_admin and deleted_at is null`,
    );
    expect(admins.rows).toHaveLength(1);
    const lastAdminId = admins.rows[0]!.id;
    expect(
      await admin.put(`/v1/conversa/users/${lastAdminId}/platform-admin`, { isAdmin: false }),
    ).toMatchObject({
      status: 409,
      body: { message: LAST_PLATFORM_ADMIN_MESSAGE },
    });
    // Deleting the last admin's account is refused alike.
    expect(await admin.delete(`/v1/conversa/users/${lastAdminId}`)).toMatchObject({
      status: 409,
      body: { message: LAST_PLATFORM_ADMIN_MESSAGE },
    });
    expect(
      await admin.put(`/v1/conversa/users/${crypto.randomUUID()}/platform-admin`, {
        isAdmin: true,
      }),
    ).toMatchObject({
      status: 404,
    });
  });
});
