/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument --
   SCIM answers are read as the loose JSON a provider reads; the assertions check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  ENTERPRISE,
  GROUP,
  LIST,
  PATCH_OP,
  scimError,
  startScimStudio,
  USER,
  type Json,
  type ScimKit,
} from '../../../test/scim.fixtures.ts';
import { signInAs } from '../../../test/storyfile.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// SCIM 2.0 Users against a real studio and PostgreSQL. The request bodies are those of RFC 7644's
// and RFC 7643's examples and the shapes Okta's and Microsoft Entra ID's provisioning documentation
// shows (ids and addresses changed to this test's).

let kit: ScimKit;
let studio: TestStudio;

beforeAll(async () => {
  kit = await startScimStudio();
  ({ studio } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('SCIM Users', () => {
  it('creates from the RFC examples, finds by userName eq, and refuses duplicates with 409 uniqueness', async () => {
    const org = await kit.buildOrganization();
    // RFC 7644 §3.3: "userName": "bjensen" with no email at all; the studio needs an address.
    const rfc7644 = {
      schemas: [USER],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    };
    expect(await kit.scim(org.token, 'POST', '/Users', rfc7644)).toMatchObject(
      scimError(400, 'invalidValue'),
    );
    // The same with the work address RFC 7643 §8.2 gives her: userName stays "bjensen".
    const created = await kit.scim(org.token, 'POST', '/Users', {
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

    const found = await kit.scim(
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
    const none = await kit.scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect(
      await kit.scim(org.token, 'POST', '/Users', { ...rfc7644, emails: created.body.emails }),
    ).toMatchObject(scimError(409, 'uniqueness'));

    // Joined with the organization's default role, and on the record.
    const [membership] = await studio.database.db
      .select({ scope: userNamespaces.scope })
      .from(userNamespaces)
      .where(
        and(eq(userNamespaces.namespaceId, org.id), eq(userNamespaces.userId, created.body.id)),
      );
    expect(membership).toEqual({ scope: 'read:ns' });
    expect(await kit.auditActions(org.id, created.body.id)).toEqual([
      { action: 'member.added', actor: 'SCIM token "Okta"' },
    ]);
  });

  it("takes Okta's create, deactivate (replace without a path) and full replace", async () => {
    const org = await kit.buildOrganization();
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
    const lookup = await kit.scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ totalResults: 0 });
    const created = await kit.scim(org.token, 'POST', '/Users', okta);
    expect(created).toMatchObject({
      status: 201,
      body: { userName: email, externalId: '00ujl29u0le5T6Aj10h7' },
    });
    const id = created.body.id as string;
    // The password Okta sends is not kept: people sign in through their provider.
    const [account] = await studio.database.db.select().from(users).where(eq(users.id, id));
    expect(account!.passwordHash).toBeNull();

    const deactivated = await kit.scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated).toMatchObject({ status: 200, body: { id, active: false } });
    expect((await kit.scim(org.token, 'GET', `/Users/${id}`)).body.active).toBe(false);

    const replaced = await kit.scim(org.token, 'PUT', `/Users/${id}`, {
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
    expect((await kit.auditActions(org.id, id)).map((row) => row.action)).toEqual([
      'member.added',
      'member.suspended',
      'member.profile_changed',
      'member.reactivated',
    ]);
  });

  it("takes Entra ID's create (a user principal name, the enterprise extension) and its PatchOps", async () => {
    const org = await kit.buildOrganization();
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
    const created = await kit.scim(org.token, 'POST', '/Users', entra);
    expect(created).toMatchObject({ status: 201, body: { userName: upn } });
    const id = created.body.id as string;
    const found = await kit.scim(
      org.token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${upn}"`)}`,
    );
    expect(found.body.Resources.map((user: Json) => user.id)).toEqual([id]);

    const patched = await kit.scim(org.token, 'PATCH', `/Users/${id}`, {
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
    const disabled = await kit.scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.body.active).toBe(false);
    const enabled = await kit.scim(org.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(enabled.body.active).toBe(true);
    expect(
      await kit.scim(org.token, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
      }),
    ).toMatchObject(scimError(400, 'invalidValue'));
  });

  it('suspends on active=false (the open session is refused) and never deletes; DELETE ends only the membership', async () => {
    const org = await kit.buildOrganization({ owner: 'owner:ns', ed: 'edit:ns' });
    const ed = await signInAs(studio, org.email('ed'));
    expect((await ed.get('/v1/conversa/auth/me')).status).toBe(200);
    const suspended = await kit.scim(org.token, 'PATCH', `/Users/${org.ids.ed}`, {
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

    expect((await kit.scim(org.token, 'DELETE', `/Users/${org.ids.ed}`)).status).toBe(204);
    expect((await kit.scim(org.token, 'GET', `/Users/${org.ids.ed}`)).status).toBe(404);
    const [account] = await studio.database.db
      .select()
      .from(users)
      .where(eq(users.id, org.ids.ed!));
    expect(account).toMatchObject({ email: org.email('ed'), deletedAt: null });
    expect((await kit.auditActions(org.id, org.ids.ed)).map((row) => row.action)).toEqual([
      'member.suspended',
      'member.removed',
    ]);
  });

  it('pages with startIndex and count', async () => {
    const org = await kit.buildOrganization();
    for (const name of ['p1', 'p2', 'p3']) {
      await kit.scim(org.token, 'POST', '/Users', {
        schemas: [USER],
        userName: `${name}-${org.n}@example.com`,
      });
    }
    const page = await kit.scim(org.token, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    const all = await kit.scim(org.token, 'GET', '/Users');
    expect(page.body.Resources.map((user: Json) => user.id)).toEqual(
      all.body.Resources.slice(1, 3).map((user: Json) => user.id),
    );
    const countOnly = await kit.scim(org.token, 'GET', '/Users?count=0');
    expect(countOnly.body).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
    const beyond = await kit.scim(org.token, 'GET', '/Users?startIndex=0&count=1');
    expect(beyond.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
  });

  it('answers bad input with the SCIM error schema: unknown schema, bad filter, bad JSON, not a PatchOp', async () => {
    const org = await kit.buildOrganization();
    expect(
      await kit.scim(org.token, 'POST', '/Users', {
        schemas: [USER, 'urn:example:unknown'],
        userName: `x-${org.n}@example.com`,
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await kit.scim(org.token, 'POST', '/Users', {
        schemas: [GROUP],
        userName: `y-${org.n}@example.com`,
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await kit.scim(org.token, 'POST', '/Users', { userName: `z-${org.n}@example.com` }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await kit.scim(org.token, 'GET', `/Users?filter=${encodeURIComponent('userName co "a"')}`),
    ).toMatchObject(scimError(400, 'invalidFilter'));
    expect(
      await kit.scim(org.token, 'POST', '/Users', '{"schemas": [', 'application/scim+json'),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await kit.scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
        schemas: [USER],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(
      await kit.scim(org.token, 'PATCH', `/Users/${org.ids.owner}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'move', path: 'active', value: false }],
      }),
    ).toMatchObject(scimError(400, 'invalidSyntax'));
    expect(await kit.scim(org.token, 'GET', '/Users/not-an-id')).toMatchObject(scimError(404));
    // application/json is read as well (RFC 7644 §3.1 lets clients send either).
    expect(
      (
        await kit.scim(
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
