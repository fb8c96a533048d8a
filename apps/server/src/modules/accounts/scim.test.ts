/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument --
   SCIM answers are read as the loose JSON a provider reads; the assertions check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { AppError } from '../../http/errors.ts';
import {
  LAST_OWNER_MESSAGE,
  LAST_PLATFORM_ADMIN_MESSAGE,
  SCIM_AUTH_RATE_LIMIT_MESSAGE,
  SCIM_TOKEN_INVALID_MESSAGE,
  SCIM_TOKEN_REQUIRED_MESSAGE,
  type GrantableScope,
} from '@conversa/contracts';
import { randomBytes } from 'node:crypto';
import { auditEvents, scimAuthFailures, scimTokens, teams } from './accounts.tables.ts';
import {
  countScimAuthFailure,
  SCIM_FAILED_AUTH_LIMIT,
  SCIM_FAILED_AUTH_WINDOW_MINUTES,
} from './scim-auth-limit.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';
import { createNamespace, grantScope } from '../namespaces/index.ts';
import { createUser } from '../users/index.ts';
import { signInAs, TEST_PASSWORD, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';

// SCIM 2.0 (RFC 7643/7644) against a real studio and PostgreSQL. The request bodies are those of
// RFC 7644's and RFC 7643's examples and the shapes Okta's and Microsoft Entra ID's provisioning
// documentation shows (ids and addresses changed to this test's).

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const OWNER_ROLE = 'You need to be at least "Admin"';
const SUPER_ADMIN_ROLE = 'You need to be at least "Super Admin"';

let studio: TestStudio;
let admin: ApiClient;
let counter = 0;

beforeAll(async () => {
  studio = await startTestStudio();
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await studio?.stop();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An organization with members (name -> scope) who have passwords, and a SCIM token of it. */
async function buildOrganization(members: Record<string, GrantableScope> = { owner: 'owner:ns' }) {
  counter += 1;
  const n = counter;
  const label = `Scim org ${n}`;
  const { db } = studio.database;
  const organization = await createNamespace(db, { label });
  const ids: Record<string, string> = {};
  const email = (name: string) => `${name}-${n}@scim.test`;
  for (const [name, scope] of Object.entries(members)) {
    const user = await createUser(db, { email: email(name), password: TEST_PASSWORD });
    await grantScope(db, { email: email(name), namespaceLabel: label, scope });
    ids[name] = user.id;
  }
  // The owner signs in only for a test that acts as them: the file builds some twenty
  // organizations, and a sign-in each would pass the provider's 30 a minute from one address.
  let signedInOwner: Promise<ApiClient> | undefined;
  const owner = () => (signedInOwner ??= signInAs(studio, email(Object.keys(members)[0]!)));
  // A platform admin may act as any organization's owner.
  const issued = await admin.expectStatus<{ token: string; id: string }>(
    201,
    'POST',
    `/v1/conversa/organizations/${organization.id}/scim-tokens`,
    { label: 'Okta' },
  );
  return {
    id: organization.id,
    label,
    ids,
    email,
    owner,
    token: issued.token,
    tokenId: issued.id,
    n,
  };
}

/** A SCIM call as an identity provider makes it: bearer token, application/scim+json. */
async function scim(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/scim+json',
): Promise<{ status: number; body: Json; contentType: string | null; location: string | null }> {
  const response = await fetch(`${studio.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      accept: 'application/scim+json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Json,
    contentType: response.headers.get('content-type'),
    location: response.headers.get('location'),
  };
}

function scimError(status: number, scimType?: string) {
  return {
    status,
    body: { schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) },
  };
}

async function auditActions(organizationId: string, targetId?: string) {
  const rows = await studio.database.db
    .select({ action: auditEvents.action, actor: auditEvents.actorEmail })
    .from(auditEvents)
    .where(
      targetId
        ? and(eq(auditEvents.namespaceId, organizationId), eq(auditEvents.targetId, targetId))
        : eq(auditEvents.namespaceId, organizationId),
    )
    .orderBy(auditEvents.createdAt);
  return rows;
}

describe('SCIM tokens', () => {
  it('are issued and revoked by owners only, shown once, stored as a hash', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    expect(org.token).toMatch(/^scim_[\w-]{40,}$/);
    const stored = await studio.database.db
      .select({ hash: scimTokens.tokenHash })
      .from(scimTokens)
      .where(eq(scimTokens.id, org.tokenId));
    expect(stored[0]!.hash).not.toContain(org.token.slice(5));
    const list = await (
      await org.owner()
    ).get<{ items: Json[]; baseUrl: string }>(`/v1/conversa/organizations/${org.id}/scim-tokens`);
    expect(list.body.baseUrl).toBe(`${studio.baseUrl}/scim/v2`);
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(org.token);
    expect(list.body.items[0]).toMatchObject({ label: 'Okta', revokedAt: null });

    const editor = await signInAs(studio, org.email('editor'));
    expect(
      await editor.post(`/v1/conversa/organizations/${org.id}/scim-tokens`, { label: 'Mine' }),
    ).toMatchObject({ status: 403, body: { message: OWNER_ROLE } });
    const other = await buildOrganization();
    expect(
      await (
        await other.owner()
      ).delete(`/v1/conversa/organizations/${org.id}/scim-tokens/${org.tokenId}`),
    ).toMatchObject({ status: 404 });

    expect((await scim(org.token, 'GET', '/Users')).status).toBe(200);
    await (
      await org.owner()
    ).expectStatus(
      200,
      'DELETE',
      `/v1/conversa/organizations/${org.id}/scim-tokens/${org.tokenId}`,
    );
    expect(await scim(org.token, 'GET', '/Users')).toMatchObject({
      ...scimError(401),
      body: { detail: SCIM_TOKEN_INVALID_MESSAGE },
    });
    expect((await auditActions(org.id, org.tokenId)).map((row) => row.action)).toEqual([
      'scim_token.created',
      'scim_token.revoked',
    ]);
  });

  it('refuses calls without a token, with a session instead, or with a token of nothing', async () => {
    const org = await buildOrganization();
    expect(await scim(null, 'GET', '/Users')).toMatchObject({
      ...scimError(401),
      body: { detail: SCIM_TOKEN_REQUIRED_MESSAGE },
      contentType: expect.stringContaining('application/scim+json'),
    });
    expect((await scim('scim_not-a-token', 'GET', '/Users')).status).toBe(401);
    // A signed-in owner's cookie is not a SCIM token.
    const answer = await (await org.owner()).browser.api('/scim/v2/Users');
    expect(answer.status).toBe(401);
  });
});

describe('SCIM discovery', () => {
  it('serves ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const org = await buildOrganization();
    const config = await scim(org.token, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim(org.token, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((type: Json) => type.endpoint)).toEqual(['/Users', '/Groups']);
    const schemas = await scim(org.token, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: Json) => schema.id)).toEqual([USER, GROUP]);
  });
});

describe('SCIM Users', () => {
  it('creates from the RFC examples, finds by userName eq, and refuses duplicates with 409 uniqueness', async () => {
    const org = await buildOrganization();
    // RFC 7644 §3.3: "userName": "bjensen" with no email at all; the studio needs an address.
    const rfc7644 = {
      schemas: [USER],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    };
    expect(await scim(org.token, 'POST', '/Users', rfc7644)).toMatchObject(
      scimError(400, 'invalidValue'),
    );
    // The same with the work address RFC 7643 §8.2 gives her: userName stays "bjensen".
    const created = await scim(org.token, 'POST', '/Users', {
      ...rfc7644,
      emails: [{ value: `bjensen-${org.n}@example.com`, type: 'work', primary: true }],
    });
    expect(created).toMatchObject({
      status: 201,
      contentType: expect.stringContaining('application/scim+json'),
      body: {
        schemas: [USER],
        userName: 'bjensen',
        externalId: 'bjensen',
        name: { givenName: 'Barbara', familyName: 'Jensen' },
        emails: [{ value: `bjensen-${org.n}@example.com`, primary: true }],
        active: true,
        meta: { resourceType: 'User' },
      },
    });
    expect(created.location).toBe(`${studio.baseUrl}/scim/v2/Users/${created.body.id}`);
    expect(created.body.meta.location).toBe(created.location);

    const found = await scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "BJENSEN"')}`,
    );
    expect(found.body).toMatchObject({
      schemas: [LIST],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: created.body.id }],
    });
    const none = await scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect(
      await scim(org.token, 'POST', '/Users', { ...rfc7644, emails: created.body.emails }),
    ).toMatchObject(scimError(409, 'uniqueness'));

    // Joined with the organization's default role, and on the record.
    const [membership] = await studio.database.db
      .select({ scope: userNamespaces.scope })
      .from(userNamespaces)
      .where(
        and(eq(userNamespaces.namespaceId, org.id), eq(userNamespaces.userId, created.body.id)),
      );
    expect(membership).toEqual({ scope: 'read:ns' });
    expect(await auditActions(org.id, created.body.id)).toEqual([
      { action: 'member.added', actor: 'SCIM token "Okta"' },
    ]);
  });

  it("takes Okta's create, deactivate (replace without a path) and full replace", async () => {
    const org = await buildOrganization();
    const email = `test.user-${org.n}@okta.local`;
    const okta = {
      schemas: [USER],
      userName: email,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    };
    const lookup = await scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ totalResults: 0 });
    const created = await scim(org.token, 'POST', '/Users', okta);
    expect(created).toMatchObject({
      status: 201,
      body: { userName: email, externalId: '00ujl29u0le5T6Aj10h7' },
    });
    const id = created.body.id as string;
    // The password Okta sends is not kept: people sign in through their provider.
    const [account] = await studio.database.db.select().from(users).where(eq(users.id, id));
    expect(account!.passwordHash).toBeNull();

    const deactivated = await scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated).toMatchObject({ status: 200, body: { id, active: false } });
    expect((await scim(org.token, 'GET', `/Users/${id}`)).body.active).toBe(false);

    const replaced = await scim(org.token, 'PUT', `/Users/${id}`, {
      ...okta,
      id,
      name: { givenName: 'Tess', familyName: 'Userson' },
      active: true,
    });
    expect(replaced).toMatchObject({
      status: 200,
      body: {
        active: true,
        name: { givenName: 'Tess', familyName: 'Userson' },
        displayName: 'Tess Userson',
      },
    });
    expect((await auditActions(org.id, id)).map((row) => row.action)).toEqual([
      'member.added',
      'member.suspended',
      'member.profile_changed',
      'member.reactivated',
    ]);
  });

  it("takes Entra ID's create (a user principal name, the enterprise extension) and its PatchOps", async () => {
    const org = await buildOrganization();
    const upn = `Test_User_ab6490ee-${org.n}`;
    const entra = {
      schemas: [USER, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: upn,
      active: true,
      emails: [{ primary: true, type: 'work', value: `test_user_fd0ea19b-${org.n}@testuser.com` }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { department: 'Sales' },
    };
    const created = await scim(org.token, 'POST', '/Users', entra);
    expect(created).toMatchObject({ status: 201, body: { userName: upn } });
    const id = created.body.id as string;
    const found = await scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${upn}"`)}`,
    );
    expect(found.body.Resources.map((user: Json) => user.id)).toEqual([id]);

    const patched = await scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Ellen' },
        { op: 'Replace', path: 'name.familyName', value: 'Ripley' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: `ellen-${org.n}@testuser.com` },
        { op: 'Replace', path: 'displayName', value: 'Ignored: derived from the name' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Engineering' },
      ],
    });
    expect(patched).toMatchObject({
      status: 200,
      body: {
        userName: upn,
        name: { givenName: 'Ellen', familyName: 'Ripley' },
        displayName: 'Ellen Ripley',
        emails: [{ value: `ellen-${org.n}@testuser.com` }],
      },
    });
    // Entra disables with the string "False" and enables with "True".
    const disabled = await scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.body.active).toBe(false);
    const enabled = await scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(enabled.body.active).toBe(true);
    expect(
      await scim(org.token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
      }),
    ).toMatchObject(scimError(400, 'invalidValue'));
  });

  it('suspends on active=false (the open session is refused) and never deletes; DELETE ends only the membership', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', ed: 'edit:ns' });
    const ed = await signInAs(studio, org.email('ed'));
    expect((await ed.get('/v1/conversa/auth/me')).status).toBe(200);
    const suspended = await scim(org.token, 'PATCH', `/Users/${org.ids.ed}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(suspended.body.active).toBe(false);
    expect((await ed.get('/v1/conversa/auth/me')).status).toBe(401);
    const [membership] = await studio.database.db
      .select({ suspendedAt: userNamespaces.suspendedAt })
      .from(userNamespaces)
      .where(and(eq(userNamespaces.namespaceId, org.id), eq(userNamespaces.userId, org.ids.ed!)));
    expect(membership!.suspendedAt).not.toBeNull();

    expect((await scim(org.token, 'DELETE', `/Users/${org.ids.ed}`)).status).toBe(204);
    expect((await scim(org.token, 'GET', `/Users/${org.ids.ed}`)).status).toBe(404);
    const [account] = await studio.database.db
      .select()
      .from(users)
      .where(eq(users.id, org.ids.ed!));
    expect(account).toMatchObject({ email: org.email('ed'), deletedAt: null });
    expect((await auditActions(org.id, org.ids.ed)).map((row) => row.action)).toEqual([
      'member.suspended',
      'member.removed',
    ]);
  });

  it('keeps the last owner: suspending or removing them is refused, whoever asks', async () => {
    const org = await buildOrganization();
    const patch = await scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(patch).toMatchObject({ ...scimError(409), body: { detail: LAST_OWNER_MESSAGE } });
    expect(await scim(org.token, 'DELETE', `/Users/${org.ids.owner}`)).toMatchObject({
      ...scimError(409),
      body: { detail: LAST_OWNER_MESSAGE },
    });
    expect((await scim(org.token, 'GET', `/Users/${org.ids.owner}`)).body.active).toBe(true);
  });

  it("never crosses over: a token sees only its organization's people, and leaves a shared account's identity alone", async () => {
    const a = await buildOrganization({ owner: 'owner:ns', shared: 'read:ns' });
    const b = await buildOrganization();
    await grantScope(studio.database.db, {
      email: a.email('shared'),
      namespaceLabel: b.label,
      scope: 'read:ns',
    });
    const listed = await scim(b.token, 'GET', '/Users');
    expect(listed.body.Resources.map((user: Json) => user.userName).sort()).toEqual(
      [a.email('shared'), b.email('owner')].sort(),
    );
    expect((await scim(b.token, 'GET', `/Users/${a.ids.owner}`)).status).toBe(404);
    expect(
      (
        await scim(b.token, 'PATCH', `/Users/${a.ids.owner}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', value: { active: false } }],
        })
      ).status,
    ).toBe(404);
    expect(
      await scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'userName', value: 'renamed@scim.test' }],
      }),
    ).toMatchObject(scimError(400, 'mutability'));
    // B's name for the person is B's own: the account's name does not change.
    const renamed = await scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
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
    await scim(b.token, 'PATCH', `/Users/${a.ids.shared}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect((await scim(a.token, 'GET', `/Users/${a.ids.shared}`)).body.active).toBe(true);
  });

  it('acts only on its own organization: linking an account by email reveals nothing, deprovisioning leaves every other access', async () => {
    const a = await buildOrganization();
    const b = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
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
      const linked = await scim(a.token, 'POST', '/Users', {
        schemas: [USER],
        userName: email,
        name: { givenName: 'Sent', familyName: 'ByA' },
      });
      expect(linked.status).toBe(201);
      const text = JSON.stringify(linked.body);
      expect(text).not.toMatch(/Beatrice|Private|Platform|Admin"/);
      expect(linked.body.name).toMatchObject({ givenName: 'Sent', familyName: 'ByA' });
      const bare = await scim(a.token, 'GET', `/Users?filter=userName eq "${email}"`);
      expect(JSON.stringify(bare.body)).not.toMatch(/Beatrice|Private|Platform|Admin"/);

      // A's name for them stays A's: the account keeps its own.
      await scim(a.token, 'PUT', `/Users/${linked.body.id}`, {
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
      const suspended = await scim(a.token, 'PATCH', `/Users/${linked.body.id}`, {
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
      expect((await scim(a.token, 'DELETE', `/Users/${linked.body.id}`)).status).toBe(204);
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
      expect((await scim(b.token, method, `/Users/${a.ids.owner}`, body)).status).toBe(404);
    }
    expect((await scim(a.token, 'GET', `/Users/${a.ids.owner}`)).body.active).toBe(true);
  });

  it('deprovisions an account of its organization alone: removed, its sign-in is refused until it is provisioned again', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', solo: 'edit:ns' });
    const solo = await signInAs(studio, org.email('solo'));
    expect((await scim(org.token, 'DELETE', `/Users/${org.ids.solo}`)).status).toBe(204);
    expect((await solo.get('/v1/conversa/auth/me')).status).toBe(401);
    const refused = await signIn(new TestBrowser(studio.baseUrl), org.email('solo'), TEST_PASSWORD);
    expect(new URL(refused.url).pathname).not.toBe('/dashboard');
    const again = await scim(org.token, 'POST', '/Users', {
      schemas: [USER],
      userName: org.email('solo'),
    });
    expect(again.status).toBe(201);
    await signInAs(studio, org.email('solo'));
  });

  it('pages with startIndex and count', async () => {
    const org = await buildOrganization();
    for (const name of ['p1', 'p2', 'p3']) {
      await scim(org.token, 'POST', '/Users', {
        schemas: [USER],
        userName: `${name}-${org.n}@example.com`,
      });
    }
    const page = await scim(org.token, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    const all = await scim(org.token, 'GET', '/Users');
    expect(page.body.Resources.map((user: Json) => user.id)).toEqual(
      all.body.Resources.slice(1, 3).map((user: Json) => user.id),
    );
    const countOnly = await scim(org.token, 'GET', '/Users?count=0');
    expect(countOnly.body).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
    const beyond = await scim(org.token, 'GET', '/Users?startIndex=0&count=1');
    expect(beyond.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
  });

  it('answers bad input with the SCIM error schema: unknown schema, bad filter, bad JSON, not a PatchOp', async () => {
    const org = await buildOrganization();
    expect(
      await scim(org.token, 'POST', '/Users', {
        schemas: [USER, 'urn:example:unknown'],
        userName: `x-${org.n}@example.com`,
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await scim(org.token, 'POST', '/Users', {
        schemas: [GROUP],
        userName: `y-${org.n}@example.com`,
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await scim(org.token, 'POST', '/Users', { userName: `z-${org.n}@example.com` }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await scim(org.token, 'GET', `/Users?filter=${encodeURIComponent('userName co "a"')}`),
    ).toMatchObject(scimError(400, 'invalidFilter'));
    expect(
      await scim(org.token, 'POST', '/Users', '{"schemas": [', 'application/scim+json'),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
        schemas: [USER],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'move', path: 'active', value: false }],
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(await scim(org.token, 'GET', '/Users/not-an-id')).toMatchObject(scimError(404));
    // application/json is read as well (RFC 7644 §3.1 lets clients send either).
    expect(
      (
        await scim(
          org.token,
          'POST',
          '/Users',
          { schemas: [USER], userName: `j-${org.n}@example.com` },
          'application/json',
        )
      ).status,
    ).toBe(201);
  });
});

describe('SCIM Groups', () => {
  it("maps groups to teams: Okta's create, rename, member add and remove; Entra's add and remove", async () => {
    const org = await buildOrganization({ owner: 'owner:ns', amy: 'read:ns', bob: 'edit:ns' });
    const outsider = await buildOrganization();
    const lookup = await scim(
      org.token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Test SCIMv2"')}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ schemas: [LIST], totalResults: 0 });
    const created = await scim(org.token, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Test SCIMv2',
      members: [],
    });
    expect(created).toMatchObject({
      status: 201,
      body: { schemas: [GROUP], displayName: 'Test SCIMv2', members: [] },
    });
    const id = created.body.id as string;
    expect(
      await scim(org.token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'test scimv2' }),
    ).toMatchObject(scimError(409, 'uniqueness'));

    // Okta renames with a path-less replace that repeats the id.
    const renamed = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Sales' } }],
    });
    expect(renamed.body.displayName).toBe('Sales');
    const [team] = await studio.database.db.select().from(teams).where(eq(teams.id, id));
    expect(team).toMatchObject({ name: 'Sales', namespaceId: org.id, scope: null });

    const added = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: org.ids.amy, display: org.email('amy') }] },
      ],
    });
    expect(added.body.members.map((member: Json) => member.value)).toEqual([org.ids.amy]);
    const withBob = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: org.ids.bob }] }],
    });
    expect(withBob.body.members).toHaveLength(2);
    // The person's User shows the group.
    expect((await scim(org.token, 'GET', `/Users/${org.ids.amy}`)).body.groups).toEqual([
      expect.objectContaining({ value: id, display: 'Sales' }),
    ]);
    // Okta removes one member by a filtered path, Entra names them in the value.
    const oktaRemoved = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${org.ids.amy}"]` }],
    });
    expect(oktaRemoved.body.members.map((member: Json) => member.value)).toEqual([org.ids.bob]);
    const entraRemoved = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: org.ids.bob }] }],
    });
    expect(entraRemoved.body.members).toEqual([]);
    // Only the organization's people can be members.
    expect(
      await scim(org.token, 'PATCH', `/Groups/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: outsider.ids.owner }] }],
      }),
    ).toMatchObject(scimError(400, 'invalidValue'));

    // PUT replaces name and members; excludedAttributes=members leaves them out.
    const replaced = await scim(org.token, 'PUT', `/Groups/${id}`, {
      schemas: [GROUP],
      displayName: 'Sales EMEA',
      members: [{ value: org.ids.amy }, { value: org.ids.bob }],
    });
    expect(replaced.body).toMatchObject({ displayName: 'Sales EMEA' });
    expect(replaced.body.members).toHaveLength(2);
    const lean = await scim(org.token, 'GET', `/Groups/${id}?excludedAttributes=members`);
    expect(lean.body.members).toBeUndefined();
    const filtered = await scim(
      org.token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "sales emea"')}&excludedAttributes=members`,
    );
    expect(filtered.body).toMatchObject({
      totalResults: 1,
      Resources: [{ id, displayName: 'Sales EMEA' }],
    });
    // Another organization's token does not see it.
    expect((await scim(outsider.token, 'GET', `/Groups/${id}`)).status).toBe(404);

    expect((await scim(org.token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect(await studio.database.db.select().from(teams).where(eq(teams.id, id))).toEqual([]);
    expect((await scim(org.token, 'GET', `/Users/${org.ids.amy}`)).body).toMatchObject({
      active: true,
      groups: [],
    });
    // Events of one transaction share its time, so their order among themselves is not asserted.
    const actions = (await auditActions(org.id, id)).map((row) => row.action);
    expect(actions[0]).toBe('team.created');
    expect(actions.at(-1)).toBe('team.deleted');
    expect(actions.sort()).toEqual(
      [
        'team.created',
        'team.renamed',
        'team.member_added',
        'team.member_added',
        'team.member_removed',
        'team.member_removed',
        'team.renamed',
        'team.member_added',
        'team.member_added',
        'team.deleted',
      ].sort(),
    );
  });

  it('keeps the last owner when a team carrying the owner role loses its member', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', amy: 'read:ns' });
    const created = await scim(org.token, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Owners',
      members: [{ value: org.ids.amy }],
    });
    const id = created.body.id as string;
    await (
      await org.owner()
    ).expectStatus(200, 'PATCH', `/v1/conversa/teams/${id}`, { scope: 'owner:ns' });
    // The only own owner steps down to read: Amy, through the team, is the last owner now.
    await (
      await org.owner()
    ).expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}/members/${org.ids.owner}`, {
      scope: 'read:ns',
    });
    const removed = await scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${org.ids.amy}"]` }],
    });
    expect(removed).toMatchObject({ ...scimError(409), body: { detail: LAST_OWNER_MESSAGE } });
    expect(await scim(org.token, 'DELETE', `/Groups/${id}`)).toMatchObject(scimError(409));
  });
});

describe('platform admins', () => {
  it('only platform admins make or unmake them, audited, and one always remains', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', eve: 'read:ns' });
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

// Issue 30, item 9: 500 random tokens answered 500 × 401 and never 429. Failed SCIM authentication
// is counted per source address in PostgreSQL. Each case calls from an address of its own
// (documentation ranges, RFC 5737), so the rest of this file's calls are not locked out.
describe('failed SCIM authentication', () => {
  const scimFrom = async (source: string, token: string) => {
    const response = await studio.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      remoteAddress: source,
      headers: { accept: 'application/scim+json', authorization: `Bearer ${token}` },
    });
    return {
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      body: response.json<Json>(),
    };
  };
  const randomToken = () => `scim_${randomBytes(32).toString('base64url')}`;

  it(`answers 429 with Retry-After after ${SCIM_FAILED_AUTH_LIMIT} failures from one address, even to a valid token; another address is not held up`, async () => {
    const org = await buildOrganization();
    const guesser = '192.0.2.30';
    // 200 random tokens at once: the counter is one atomic upsert, so exactly the limit get 401.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => scimFrom(guesser, randomToken())),
    );
    const unauthorized = answers.filter((answer) => answer.status === 401);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(unauthorized).toHaveLength(SCIM_FAILED_AUTH_LIMIT);
    expect(unauthorized[0]!.body.detail).toBe(SCIM_TOKEN_INVALID_MESSAGE);
    expect(limited).toHaveLength(200 - SCIM_FAILED_AUTH_LIMIT);
    for (const answer of limited) {
      expect(answer.body).toMatchObject({
        schemas: [ERROR],
        status: '429',
        detail: SCIM_AUTH_RATE_LIMIT_MESSAGE,
      });
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60);
    }
    // Locked out, a right guess is refused alike: the answer tells the guesser nothing.
    expect(await scimFrom(guesser, org.token)).toMatchObject({
      status: 429,
      body: { detail: SCIM_AUTH_RATE_LIMIT_MESSAGE },
    });
    // The organization's identity provider, calling from elsewhere, is served.
    expect((await scimFrom('192.0.2.31', org.token)).status).toBe(200);

    // The window over, the address may try again.
    await studio.database.db
      .update(scimAuthFailures)
      .set({
        windowStart: sql`now() - interval '${sql.raw(String(SCIM_FAILED_AUTH_WINDOW_MINUTES))} minutes'`,
      })
      .where(eq(scimAuthFailures.source, guesser));
    expect((await scimFrom(guesser, org.token)).status).toBe(200);
    expect((await scimFrom(guesser, randomToken())).status).toBe(401);
  });

  it('never tells a guesser to wait longer than the window, even when its count waited on a lock', async () => {
    // An upsert that began before the transaction that started the window, and waited on the
    // row's lock: its transaction's now() is older than the window's start (with 200 guesses at
    // once, Retry-After came out 601 of 600 seconds).
    const source = '192.0.2.40';
    const client = await studio.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select now()');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT; call += 1) {
        await countScimAuthFailure(studio.database.db, source);
      }
      const refused = await countScimAuthFailure(drizzle(client), source).then(
        () => null,
        (error: unknown) => error,
      );
      await client.query('commit');
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 429, message: SCIM_AUTH_RATE_LIMIT_MESSAGE });
      const seconds = Number((refused as AppError).headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60 - 5);
      expect(seconds).toBeLessThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60);
    } finally {
      client.release();
    }
  });

  it('counts a right token never, and a request with no token not as a guess', async () => {
    const org = await buildOrganization();
    const source = '192.0.2.32';
    for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT + 5; call += 1) {
      expect((await scimFrom(source, org.token)).status).toBe(200);
    }
    for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT + 5; call += 1) {
      const response = await studio.app.inject({
        method: 'GET',
        url: '/scim/v2/Users',
        remoteAddress: source,
      });
      expect(response.statusCode).toBe(401);
    }
    const rows = await studio.database.db
      .select()
      .from(scimAuthFailures)
      .where(eq(scimAuthFailures.source, source));
    expect(rows).toEqual([]);
  });
});
