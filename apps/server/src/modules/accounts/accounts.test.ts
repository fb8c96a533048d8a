import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  LAST_OWNER_MESSAGE,
  ORGANIZATION_HAS_STORYFILES_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  WHITELIST_CONSUMER_DOMAIN_MESSAGE,
  WHITELIST_DOMAIN_INVALID_MESSAGE,
  type CurrentUser,
  type GrantableScope,
} from '@conversa/contracts';
import { escapeHtml, INVITATION_ALREADY_MEMBER_MESSAGE } from '@conversa/contracts';
import { auditEvents, invitations } from './accounts.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';
import { createNamespace, grantScope } from '../namespaces/index.ts';
import { createUser } from '../users/index.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { buildStoryfile, signInAs, TEST_PASSWORD } from '../../../test/storyfile.fixtures.ts';
import {
  getFreePort,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { startUpstreamIdp } from '../../../test/upstream-idp.ts';

let studio: TestStudio;
let upstream: { issuer: string; close: () => Promise<void> };
let admin: ApiClient;
let counter = 0;

const ADMIN_ROLE = 'You need to be at least "Admin"';
const SUPER_ADMIN_ROLE = 'You need to be at least "Super Admin"';

beforeAll(async () => {
  const upstreamPort = await getFreePort();
  studio = await startTestStudio({
    IDP_MEDTRONIC_ISSUER: `http://127.0.0.2:${upstreamPort}`,
    IDP_MEDTRONIC_CLIENT_ID: 'studio-at-medtronic',
    IDP_MEDTRONIC_CLIENT_SECRET: 'upstream-secret',
  });
  upstream = await startUpstreamIdp({
    port: upstreamPort,
    clientId: 'studio-at-medtronic',
    clientSecret: 'upstream-secret',
    redirectUri: `${studio.baseUrl}/idp/broker/medtronic/callback`,
    domain: 'medtronic.example',
  });
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await upstream?.close();
  await studio?.stop();
});

/** An organization with the given members (label -> scope), each a fresh account. */
async function buildOrganization(members: Record<string, GrantableScope>) {
  counter += 1;
  const n = counter;
  const label = `Org ${n}`;
  const { db } = studio.database;
  const organization = await createNamespace(db, { label });
  const ids: Record<string, string> = {};
  for (const [name, scope] of Object.entries(members)) {
    const email = `${name}-${n}@acme.test`;
    const user = await createUser(db, { email, password: TEST_PASSWORD });
    await grantScope(db, { email, namespaceLabel: label, scope });
    ids[name] = user.id;
  }
  const email = (name: string) => `${name}-${n}@acme.test`;
  return {
    id: organization.id,
    label,
    ids,
    email,
    signIn: (name: string) => signInAs(studio, email(name)),
  };
}

async function me(client: ApiClient) {
  return (await client.get<CurrentUser>('/v1/conversa/auth/me')).body;
}

describe('organizations', () => {
  it('lets a platform admin create, rename and delete; names are unique (nameTaken answers unique)', async () => {
    const created = await admin.expectStatus<{ id: string; label: string }>(
      201,
      'POST',
      '/v1/conversa/organizations',
      {
        label: 'Northwind',
      },
    );
    expect(
      (await admin.post('/v1/conversa/organizations', { label: 'northwind' })).body,
    ).toMatchObject({
      message: ORGANIZATION_NAME_TAKEN_MESSAGE,
    });
    expect((await admin.get('/v1/conversa/organization/nameTaken?name=NorthWind')).body).toEqual({
      unique: false,
    });
    expect((await admin.get('/v1/conversa/organization/nameTaken?name=Southwind')).body).toEqual({
      unique: true,
    });
    expect(
      (
        await admin.get(
          `/v1/conversa/organization/nameTaken?name=Northwind&excludeId=${created.id}`,
        )
      ).body,
    ).toEqual({ unique: true });
    const renamed = await admin.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${created.id}`,
      {
        label: 'Northwind Traders',
        attributes: { SSO_WHITELIST: true },
      },
    );
    expect(renamed).toMatchObject({
      label: 'Northwind Traders',
      attributes: { SSO_WHITELIST: true },
    });
    await admin.expectStatus(200, 'DELETE', `/v1/conversa/organizations/${created.id}`);
    const audit = await studio.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, created.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'organization.attributes_changed',
      'organization.created',
      'organization.deleted',
      'organization.renamed',
    ]);
  });

  it('shows owners only the organizations they own, with counts; only admins create, rename or set attributes', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    const other = await buildOrganization({ owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    await buildStoryfile(owner, org.id);
    const list = await owner.get<{
      items: { id: string; memberCount: number; storyfileCount: number; teamCount: number }[];
    }>('/v1/conversa/organizations');
    expect(list.body.items.map((item) => item.id)).toEqual([org.id]);
    expect(list.body.items[0]).toMatchObject({ memberCount: 2, storyfileCount: 1, teamCount: 0 });
    expect(await owner.post('/v1/conversa/organizations', { label: 'Mine' })).toMatchObject({
      status: 403,
      body: { message: SUPER_ADMIN_ROLE },
    });
    expect(
      await owner.patch(`/v1/conversa/organizations/${org.id}`, { label: 'Renamed' }),
    ).toMatchObject({
      status: 403,
      body: { message: SUPER_ADMIN_ROLE },
    });
    expect(
      await owner.patch(`/v1/conversa/organizations/${org.id}`, {
        attributes: { LEARNING_MODULE: true },
      }),
    ).toMatchObject({ status: 403, body: { message: SUPER_ADMIN_ROLE } });
    expect(
      await owner.patch(`/v1/conversa/organizations/${other.id}`, { defaultScope: 'edit:ns' }),
    ).toMatchObject({
      status: 404,
    });
    // An organization with storyfiles cannot be deleted.
    expect(await admin.delete(`/v1/conversa/organizations/${org.id}`)).toMatchObject({
      status: 409,
      body: { message: ORGANIZATION_HAS_STORYFILES_MESSAGE },
    });
  });
});

// The rule table: action x actor role x target role, each row on a fresh organization.
type Actor = 'admin' | 'owner' | 'editor' | 'viewer' | 'other-owner';
type Target = 'owner2' | 'editor' | 'viewer';
type Action = 'demote' | 'promote-to-owner' | 'suspend' | 'remove';

function expectedStatus(actor: Actor): number {
  if (actor === 'admin' || actor === 'owner') {
    return 200;
  }
  if (actor === 'other-owner') {
    return 404;
  }
  return 403;
}

describe('rule table: action x actor role x target role', () => {
  const actors: Actor[] = ['admin', 'owner', 'editor', 'viewer', 'other-owner'];
  const targets: Target[] = ['owner2', 'editor', 'viewer'];
  const actions: Action[] = ['demote', 'promote-to-owner', 'suspend', 'remove'];
  const rows = actions.flatMap((action) =>
    actors.flatMap((actor) => targets.map((target) => ({ action, actor, target }))),
  );
  // Actors and targets are different people: suspending a target ends that person's sessions.
  const grants = {
    'actor-owner': 'owner:ns',
    'actor-editor': 'edit:ns',
    'actor-viewer': 'read:ns',
    owner2: 'owner:ns',
    editor: 'edit:ns',
    viewer: 'read:ns',
  } as const;
  let org: Awaited<ReturnType<typeof buildOrganization>>;
  const clients = new Map<Actor, ApiClient>();

  beforeAll(async () => {
    org = await buildOrganization(grants);
    const other = await buildOrganization({ owner: 'owner:ns' });
    clients.set('admin', admin);
    clients.set('owner', await org.signIn('actor-owner'));
    clients.set('editor', await org.signIn('actor-editor'));
    clients.set('viewer', await org.signIn('actor-viewer'));
    clients.set('other-owner', await other.signIn('owner'));
  });

  // Each row starts from the same organization: memberships and its audit events put back.
  async function resetOrganization() {
    const { db } = studio.database;
    await db.execute(sql`delete from user_namespaces where namespace_id = ${org.id}`);
    await db.execute(sql`delete from audit_events where namespace_id = ${org.id}`);
    for (const [name, scope] of Object.entries(grants)) {
      await db.execute(
        sql`insert into user_namespaces (user_id, namespace_id, scope) values (${org.ids[name]!}, ${org.id}, ${scope})`,
      );
    }
  }

  it.each(rows)('$action by $actor on $target', async ({ action, actor, target }) => {
    await resetOrganization();
    const client = clients.get(actor)!;
    const path = `/v1/conversa/organizations/${org.id}/members/${org.ids[target]}`;
    const answer =
      action === 'remove'
        ? await client.delete(path)
        : await client.patch(
            path,
            action === 'demote'
              ? { scope: 'restricted:ns' }
              : action === 'promote-to-owner'
                ? { scope: 'owner:ns' }
                : { isSuspended: true },
          );
    const status = expectedStatus(actor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status === 403) {
      expect(answer.body).toMatchObject({ message: ADMIN_ROLE });
    }
    const count = await studio.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from audit_events where namespace_id = ${org.id} and target_id = ${org.ids[target]!}`,
    );
    // Every change leaves one audit event; a refusal (or no change) none.
    const isChange = !(action === 'promote-to-owner' && target === 'owner2');
    expect(Number(count.rows[0]!.count)).toBe(status === 200 && isChange ? 1 : 0);
  });
});

describe('the last owner', () => {
  let single: Awaited<ReturnType<typeof buildOrganization>>;
  let singleOwner: ApiClient;
  beforeAll(async () => {
    single = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    singleOwner = await single.signIn('owner');
  });

  it.each([
    ['demote', (c: ApiClient, path: string) => c.patch(path, { scope: 'edit:ns' })],
    ['suspend', (c: ApiClient, path: string) => c.patch(path, { isSuspended: true })],
    ['remove', (c: ApiClient, path: string) => c.delete(path)],
  ] as const)('cannot %s themselves, nor can an admin do it to them', async (_name, act) => {
    const org = single;
    const owner = singleOwner;
    const path = `/v1/conversa/organizations/${org.id}/members/${org.ids.owner}`;
    expect(await act(owner, path)).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
    expect(await act(admin, path)).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
    expect(
      (await me(owner)).namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope,
    ).toBe('owner:ns');
  });

  it('cannot be deleted by an admin; with a second owner, the account is anonymised and storyfiles stay', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', owner2: 'owner:ns' });
    const storyfile = await buildStoryfile(admin, org.id);
    expect(await admin.delete(`/v1/conversa/users/${org.ids.owner}`)).toMatchObject({
      status: 200,
    });
    expect(await admin.delete(`/v1/conversa/users/${org.ids.owner2}`)).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
    const [deleted] = await studio.database.db
      .select()
      .from(users)
      .where(eq(users.id, org.ids.owner!));
    expect(deleted).toMatchObject({ firstName: null, lastName: null, passwordHash: null });
    expect(deleted!.email).toBe(`deleted-${org.ids.owner}@deleted.invalid`);
    const [kept] = await studio.database.db
      .select()
      .from(storyfiles)
      .where(eq(storyfiles.id, storyfile.id));
    expect(kept).toBeDefined();
  });

  it('counts an owner through a team, and refuses taking the team scope from the last one', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', lead: 'edit:ns' });
    const owner = await org.signIn('owner');
    const team = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/teams`,
      {
        name: 'Leads',
        scope: 'owner:ns',
      },
    );
    await owner.expectStatus(200, 'PUT', `/v1/conversa/teams/${team.id}/members/${org.ids.lead}`);
    // The lead is now an owner through the team, so the first owner may step down.
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.owner}`,
      {
        scope: 'edit:ns',
      },
    );
    const lead = await org.signIn('lead');
    expect(
      (await me(lead)).namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope,
    ).toBe('owner:ns');
    expect(await lead.patch(`/v1/conversa/teams/${team.id}`, { scope: 'edit:ns' })).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
    expect(
      await lead.delete(`/v1/conversa/teams/${team.id}/members/${org.ids.lead}`),
    ).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
  });
});

describe('teams', () => {
  it("raise a member's effective scope to the team's, in auth/me, the member list and the role counts", async () => {
    const org = await buildOrganization({ owner: 'owner:ns', viewer: 'read:ns' });
    const owner = await org.signIn('owner');
    const viewer = await org.signIn('viewer');
    expect(
      await viewer.post('/v1/conversa/storyfiles', { namespaceId: org.id, name: 'Not yet' }),
    ).toMatchObject({
      status: 403,
    });
    const team = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/teams`,
      {
        name: 'Recorders',
        scope: 'edit:ns',
      },
    );
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/teams`, {
        name: 'recorders',
        scope: null,
      }),
    ).toMatchObject({ status: 409 });
    await owner.expectStatus(200, 'PUT', `/v1/conversa/teams/${team.id}/members/${org.ids.viewer}`);
    expect(
      (await me(viewer)).namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope,
    ).toBe('edit:ns');
    await buildStoryfile(viewer, org.id);
    const members = await owner.get<{
      items: { email: string; scope: string; effectiveScope: string; teams: { name: string }[] }[];
    }>(`/v1/conversa/members?organizationId=${org.id}`);
    expect(members.body.items.find((item) => item.email === org.email('viewer'))).toMatchObject({
      scope: 'read:ns',
      effectiveScope: 'edit:ns',
      teams: [{ name: 'Recorders' }],
    });
    const roles = await owner.get<{
      items: { scope: string; memberCount: number; screens: { path: string }[] }[];
    }>('/v1/conversa/roles');
    expect(roles.body.items.find((role) => role.scope === 'edit:ns')?.memberCount).toBe(1);
    expect(
      roles.body.items.find((role) => role.scope === 'edit:ns')?.screens.map((s) => s.path),
    ).toContain('/topics/builder');
    expect(
      roles.body.items.find((role) => role.scope === 'read:ns')?.screens.map((s) => s.path),
    ).not.toContain('/topics/builder');
  });
});

describe('invitations', () => {
  let shared: Awaited<ReturnType<typeof buildOrganization>>;
  let sharedOwner: ApiClient;
  beforeAll(async () => {
    shared = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    sharedOwner = await shared.signIn('owner');
  });

  it('refuses a bulk invite with a bad address, naming it, and writes none of it', async () => {
    const org = shared;
    const owner = sharedOwner;
    const answer = await owner.post(`/v1/conversa/organizations/${org.id}/invitations`, {
      emails: ['good@acme.test', 'bad@nowhere', 'also-good@acme.test'],
      scope: 'edit:ns',
    });
    expect(answer).toMatchObject({ status: 400 });
    expect(String(answer.body.message)).toContain('"bad@nowhere" is not a valid email address.');
    const rows = await studio.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.namespaceId, org.id));
    expect(rows).toEqual([]);
  });

  it('invites the rest of a bulk invite when some are already members, listing who was skipped and why', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    const owner = await org.signIn('owner');
    const editorEmail = org.email('editor');
    const answer = await owner.expectStatus<{
      results: { email: string }[];
      skipped: { email: string; reason: string }[];
    }>(201, 'POST', `/v1/conversa/organizations/${org.id}/invitations`, {
      emails: ['first@acme.test', editorEmail.toUpperCase(), 'second@acme.test'],
      scope: 'read:ns',
    });
    expect(answer.results.map((result) => result.email)).toEqual([
      'first@acme.test',
      'second@acme.test',
    ]);
    expect(answer.skipped).toEqual([
      { email: editorEmail.toUpperCase(), reason: INVITATION_ALREADY_MEMBER_MESSAGE },
    ]);
    const rows = await studio.database.db
      .select({ email: invitations.email })
      .from(invitations)
      .where(eq(invitations.namespaceId, org.id));
    expect(rows.map((row) => row.email).sort()).toEqual(['first@acme.test', 'second@acme.test']);

    // Nobody left to invite: refused, naming the members.
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/invitations`, {
        emails: [editorEmail],
        scope: 'read:ns',
      }),
    ).toMatchObject({
      status: 409,
      body: { message: `Nobody was invited. Already a member: ${editorEmail}.` },
    });
  });

  it('cannot be sent by an editor, nor grant more than the inviter holds', async () => {
    const org = shared;
    const editor = await org.signIn('editor');
    expect(
      await editor.post(`/v1/conversa/organizations/${org.id}/invitations`, {
        emails: ['x@acme.test'],
        scope: 'read:ns',
      }),
    ).toMatchObject({ status: 403, body: { message: ADMIN_ROLE } });
  });

  it('records one pending invitation per email, resend renews it (old link dead), revoke ends it, expiry shows', async () => {
    const org = shared;
    const owner = sharedOwner;
    const first = await owner.expectStatus<{
      results: { link: string; isEmailSent: boolean; invitationId: string }[];
    }>(201, 'POST', `/v1/conversa/organizations/${org.id}/invitations`, {
      emails: ['pat@acme.test', 'sam@acme.test'],
      scope: 'read:ns',
    });
    expect(first.results).toHaveLength(2);
    expect(first.results[0]).toMatchObject({ isEmailSent: false });
    expect(first.results[0]!.link).toMatch(new RegExp(`^${studio.baseUrl}/idp/invitation/`));
    const again = await owner.expectStatus<{ results: { link: string; invitationId: string }[] }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/invitations`,
      { emails: ['PAT@acme.test'], scope: 'edit:ns' },
    );
    const pending = await owner.get<{ items: { email: string; status: string }[] }>(
      `/v1/conversa/invitations?organizationId=${org.id}&status=pending`,
    );
    expect(pending.body.items.map((item) => item.email).sort()).toEqual([
      'PAT@acme.test',
      'sam@acme.test',
    ]);
    const browser = new TestBrowser(studio.baseUrl);
    expect((await browser.request(first.results[0]!.link)).status).toBe(410);

    const resent = await owner.expectStatus<{ link: string }>(
      200,
      'POST',
      `/v1/conversa/invitations/${again.results[0]!.invitationId}/resend`,
    );
    expect((await browser.request(again.results[0]!.link)).status).toBe(410);
    expect((await browser.request(resent.link)).status).toBe(200);

    await owner.expectStatus(
      200,
      'POST',
      `/v1/conversa/invitations/${again.results[0]!.invitationId}/revoke`,
    );
    const revoked = await browser.request(resent.link);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(escapeHtml(INVITATION_REVOKED_MESSAGE));

    await studio.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.results[1]!.invitationId));
    const expired = await browser.request(first.results[1]!.link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(escapeHtml(INVITATION_EXPIRED_MESSAGE));
    const listed = await owner.get<{ items: { email: string; status: string }[] }>(
      `/v1/conversa/invitations?organizationId=${org.id}&status=expired`,
    );
    expect(listed.body.items.map((item) => item.email)).toEqual(['sam@acme.test']);
  });

  it('lets a new person set a password and land with the invited role and teams; an existing account joins by signing in', async () => {
    const org = shared;
    const owner = sharedOwner;
    const team = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/teams`,
      {
        name: 'Crew',
        scope: null,
      },
    );
    await createUser(studio.database.db, { email: 'existing@acme.test', password: TEST_PASSWORD });
    const sent = await owner.expectStatus<{ results: { link: string; email: string }[] }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/invitations`,
      { emails: ['newbie@acme.test', 'existing@acme.test'], scope: 'edit:ns', teamIds: [team.id] },
    );
    const browser = new TestBrowser(studio.baseUrl);
    const link = sent.results.find((result) => result.email === 'newbie@acme.test')!.link;
    const page = await browser.request(link);
    expect(await page.text()).toContain('Choose a password');
    const short = await browser.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Nia',
        lastName: 'New',
        password: 'short',
      }).toString(),
    });
    expect(short.status).toBe(400);
    const accepted = await browser.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Nia',
        lastName: 'New',
        password: 'a-new-password',
      }).toString(),
    });
    expect(accepted.status).toBe(200);
    const newbie = await signInAs(studio, 'newbie@acme.test', 'a-new-password');
    expect(
      (await me(newbie)).namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope,
    ).toBe('edit:ns');
    expect((await browser.request(link)).status).toBe(410);

    const existingLink = sent.results.find((result) => result.email === 'existing@acme.test')!.link;
    expect(await (await new TestBrowser(studio.baseUrl).request(existingLink)).text()).toContain(
      'Sign in to accept',
    );
    const existing = await signInAs(studio, 'existing@acme.test');
    expect(
      (await me(existing)).namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope,
    ).toBe('edit:ns');
    const members = await owner.get<{
      items: { email: string; displayName: string; status: string; teams: { name: string }[] }[];
    }>(`/v1/conversa/members?organizationId=${org.id}&search=nia`);
    expect(members.body.items).toMatchObject([
      {
        email: 'newbie@acme.test',
        displayName: 'Nia New',
        status: 'active',
        teams: [{ name: 'Crew' }],
      },
    ]);
  });
});

describe('suspension', () => {
  it("ends the person's sessions at once: next request and next refresh refused; sign-in refused until reactivated", async () => {
    const org = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    const owner = await org.signIn('owner');
    const editor = await org.signIn('editor');
    expect((await editor.get('/v1/conversa/auth/me')).status).toBe(200);
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.editor}`,
      {
        isSuspended: true,
      },
    );
    expect((await editor.get('/v1/conversa/auth/me')).status).toBe(401);
    expect((await editor.browser.api('/api/refresh_token', { method: 'POST' })).status).toBe(400);
    const browser = new TestBrowser(studio.baseUrl);
    const { signIn } = await import('../../../test/studio.ts');
    const refused = await signIn(browser, org.email('editor'), TEST_PASSWORD);
    expect(new URL(refused.url).searchParams.get('signInError')).toBe('suspended');
    const listed = await owner.get<{ items: { email: string; status: string }[] }>(
      `/v1/conversa/members?organizationId=${org.id}&status=suspended`,
    );
    expect(listed.body.items.map((item) => item.email)).toEqual([org.email('editor')]);
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.editor}`,
      {
        isSuspended: false,
      },
    );
    expect((await (await org.signIn('editor')).get('/v1/conversa/auth/me')).status).toBe(200);
  });
});

describe('audit', () => {
  it('lists who changed what with before and after, to owners of that organization only, filterable', async () => {
    const org = await buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    const other = await buildOrganization({ owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.editor}`,
      {
        scope: 'read:ns',
      },
    );
    const events = await owner.get<{
      items: { action: string; actorEmail: string; before: unknown; after: unknown }[];
    }>(`/v1/conversa/audit?action=member`);
    expect(events.body.items).toMatchObject([
      {
        action: 'member.role_changed',
        actorEmail: org.email('owner'),
        before: { scope: 'edit:ns' },
        after: { scope: 'read:ns' },
      },
    ]);
    const otherOwner = await other.signIn('owner');
    expect(
      (await otherOwner.get<{ total: number }>(`/v1/conversa/audit?organizationId=${org.id}`)).body
        .total,
    ).toBe(0);
    expect(
      (await admin.get<{ total: number }>(`/v1/conversa/audit?organizationId=${org.id}`)).body
        .total,
    ).toBe(1);
  });
});

describe('whitelist and identity-provider sign-in', () => {
  it('validates entries: FQDN domains, no consumer mail domains, single addresses', async () => {
    const org = await buildOrganization({ owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'acme.test' }),
    ).toMatchObject({
      status: 403,
    });
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      attributes: { SSO_WHITELIST: true },
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'not a domain' }),
    ).toMatchObject({
      status: 400,
      body: { message: WHITELIST_DOMAIN_INVALID_MESSAGE },
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'gmail.com' }),
    ).toMatchObject({
      status: 400,
      body: { message: WHITELIST_CONSUMER_DOMAIN_MESSAGE },
    });
    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'someone@gmail.com',
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, {
        value: 'Someone@gmail.com',
      }),
    ).toMatchObject({
      status: 409,
    });
  });

  async function signInThroughMedtronic(login: string) {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.follow('/api/auth/login?idp=medtronic');
    const action = /action="([^"]+)"/.exec(await start.response.text())![1]!;
    const done = await browser.follow(new URL(action, start.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
    });
    return { browser, url: new URL(done.url) };
  }

  it("admits a whitelisted address or domain's verified email with the default role, and refuses others clearly", async () => {
    const org = await buildOrganization({ owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      attributes: { SSO_WHITELIST: true },
    });
    await owner.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      defaultScope: 'edit:ns',
    });
    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'wanda@medtronic.example',
    });
    const joined = await signInThroughMedtronic('wanda');
    expect(joined.url.pathname).toBe('/dashboard');
    const current = (await (
      await joined.browser.api('/v1/conversa/auth/me')
    ).json()) as CurrentUser;
    expect(current.namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope).toBe(
      'edit:ns',
    );

    const refused = await signInThroughMedtronic('otto');
    expect(refused.url.pathname).toBe('/');
    expect(refused.url.searchParams.get('signInError')).toBe('not-admitted');

    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'medtronic.example',
    });
    expect((await signInThroughMedtronic('otto')).url.pathname).toBe('/dashboard');
    const audit = await owner.get<{ items: { action: string; targetLabel: string }[] }>(
      `/v1/conversa/audit?organizationId=${org.id}&action=whitelist`,
    );
    expect(audit.body.items.map((item) => `${item.action} ${item.targetLabel}`)).toEqual([
      'whitelist.admitted otto@medtronic.example',
      'whitelist.entry_added medtronic.example',
      'whitelist.admitted wanda@medtronic.example',
      'whitelist.entry_added wanda@medtronic.example',
    ]);
  });
});

describe('product-access groups', () => {
  it('are in the userinfo answer per spec §6 (owner, edit and read map to conversa)', async () => {
    const org = await buildOrganization({ viewer: 'read:ns' });
    const viewer = await org.signIn('viewer');
    const { readAccessToken } = await import('../../../test/studio.ts');
    const token = await readAccessToken(studio, viewer.browser);
    const userinfo = await fetch(`${studio.baseUrl}/idp/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await userinfo.json()) as { groups: string[] }).groups).toEqual(['conversa']);
  });
});
