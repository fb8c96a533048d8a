/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument --
   SCIM answers are read as the loose JSON a provider reads; the assertions check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LAST_OWNER_MESSAGE } from '@conversa/contracts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';
import { grantScope } from '../namespaces/index.ts';
import {
  PATCH_OP,
  scimError,
  startScimStudio,
  USER,
  type Json,
  type ScimKit,
} from '../../../test/scim.fixtures.ts';
import { signInAs, TEST_PASSWORD, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { signIn, TestBrowser, type TestStudio } from '../../../test/studio.ts';

// SCIM 2.0 Users against a real studio and PostgreSQL: what provisioning may not do (remove the
// last owner, reach another organization's people or a shared account's identity or access).

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

describe('SCIM Users', () => {
  it('keeps the last owner: suspending or removing them is refused, whoever asks', async () => {
    const org = await kit.buildOrganization();
    const patch = await kit.scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(patch).toMatchObject({ ...scimError(409), body: { detail: LAST_OWNER_MESSAGE } });
    expect(await kit.scim(org.token, 'DELETE', `/Users/${org.ids.owner}`)).toMatchObject({
      ...scimError(409),
      body: { detail: LAST_OWNER_MESSAGE },
    });
    expect((await kit.scim(org.token, 'GET', `/Users/${org.ids.owner}`)).body.active).toBe(true);
  });

  it("never crosses over: a token sees only its organization's people, and leaves a shared account's identity alone", async () => {
    const a = await kit.buildOrganization({ owner: 'owner:ns', shared: 'read:ns' });
    const b = await kit.buildOrganization();
    await grantScope(studio.database.db, {
      email: a.email('shared'),
      namespaceLabel: b.label,
      scope: 'read:ns',
    });
    const listed = await kit.scim(b.token, 'GET', '/Users');
    expect(listed.body.Resources.map((user: Json) => user.userName).sort()).toEqual(
      [a.email('shared'), b.email('owner')].sort(),
    );
    expect((await kit.scim(b.token, 'GET', `/Users/${a.ids.owner}`)).status).toBe(404);
    expect(
      (
        await kit.scim(b.token, 'PATCH', `/Users/${a.ids.owner}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        })
      ).status,
    ).toBe(404);
    expect(
      await kit.scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'userName', value: 'renamed@scim.test' }],
      }),
    ).toMatchObject(scimError(400, 'mutability'));
    // B's name for the person is B's own: the account's name does not change.
    const renamed = await kit.scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'name.givenName', value: 'Renamed' }],
    });
    expect(renamed.body.name.givenName).toBe('Renamed');
    const [account] = await studio.database.db
      .select({ firstName: users.firstName, email: users.email })
      .from(users)
      .where(eq(users.id, a.ids.shared!));
    expect(account).toEqual({ firstName: null, email: a.email('shared') });
    // Suspending in B leaves A's membership active.
    await kit.scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect((await kit.scim(a.token, 'GET', `/Users/${a.ids.shared}`)).body.active).toBe(true);
  });

  it('acts only on its own organization: linking an account by email reveals nothing, deprovisioning leaves every other access', async () => {
    const a = await kit.buildOrganization();
    const b = await kit.buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    const { db } = studio.database;
    await db
      .update(users)
      .set({ firstName: 'Beatrice', lastName: 'Private' })
      .where(eq(users.id, b.ids.editor!));
    await db
      .update(users)
      .set({ firstName: 'Platform', lastName: 'Admin' })
      .where(eq(users.email, 'admin@example.com'));
    const editor = await signInAs(studio, b.email('editor'));

    for (const [email, client] of [
      [b.email('editor'), editor],
      ['admin@example.com', admin],
    ] as const) {
      // Linked by email: the answer holds what A sent and nothing of the account.
      const linked = await kit.scim(a.token, 'POST', '/Users', {
        schemas: [USER],
        userName: email,
        name: { givenName: 'Sent', familyName: 'ByA' },
      });
      expect(linked.status).toBe(201);
      const text = JSON.stringify(linked.body);
      expect(text).not.toMatch(/Beatrice|Private|Platform|Admin"/);
      expect(linked.body.name).toMatchObject({ givenName: 'Sent', familyName: 'ByA' });
      const bare = await kit.scim(a.token, 'GET', `/Users?filter=userName eq "${email}"`);
      expect(JSON.stringify(bare.body)).not.toMatch(/Beatrice|Private|Platform|Admin"/);

      // A's name for them stays A's: the account keeps its own.
      await kit.scim(a.token, 'PUT', `/Users/${linked.body.id}`, {
        schemas: [USER],
        userName: email,
        name: { givenName: 'Okta', familyName: 'Sync' },
      });
      const [account] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.email, email));
      expect(account!.firstName).not.toBe('Okta');

      // Suspended in A: their other access and their session stay.
      const suspended = await kit.scim(a.token, 'PATCH', `/Users/${linked.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      });
      expect(suspended.body.active).toBe(false);
      expect((await client.get('/v1/conversa/auth/me')).status).toBe(200);
      const [membership] = await db
        .select({ suspendedAt: userNamespaces.suspendedAt })
        .from(userNamespaces)
        .where(
          and(eq(userNamespaces.namespaceId, a.id), eq(userNamespaces.userId, linked.body.id)),
        );
      expect(membership!.suspendedAt).not.toBeNull();
      // Removed from A: still signed in, and still signs in.
      expect((await kit.scim(a.token, 'DELETE', `/Users/${linked.body.id}`)).status).toBe(204);
      expect((await client.get('/v1/conversa/auth/me')).status).toBe(200);
    }
    expect((await editor.get(`/v1/conversa/organizations/${b.id}`)).status).not.toBe(401);
    // The identity provider limits sign-ins to 10 a minute per address: one more is enough here.
    await signInAs(studio, b.email('editor'));
    // B's token never reaches A's people, whatever the verb.
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { schemas: [USER], userName: a.email('owner') }],
      ['PATCH', { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }],
      ['DELETE', undefined],
    ] as const) {
      expect((await kit.scim(b.token, method, `/Users/${a.ids.owner}`, body)).status).toBe(404);
    }
    expect((await kit.scim(a.token, 'GET', `/Users/${a.ids.owner}`)).body.active).toBe(true);
  });

  it('deprovisions an account of its organization alone: removed, its sign-in is refused until it is provisioned again', async () => {
    const org = await kit.buildOrganization({ owner: 'owner:ns', solo: 'edit:ns' });
    const solo = await signInAs(studio, org.email('solo'));
    expect((await kit.scim(org.token, 'DELETE', `/Users/${org.ids.solo}`)).status).toBe(204);
    expect((await solo.get('/v1/conversa/auth/me')).status).toBe(401);
    const refused = await signIn(new TestBrowser(studio.baseUrl), org.email('solo'), TEST_PASSWORD);
    expect(new URL(refused.url).pathname).not.toBe('/dashboard');
    const again = await kit.scim(org.token, 'POST', '/Users', {
      schemas: [USER],
      userName: org.email('solo'),
    });
    expect(again.status).toBe(201);
    await signInAs(studio, org.email('solo'));
  });
});
