import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LAST_OWNER_MESSAGE } from '@conversa/contracts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  ADMIN_ROLE,
  buildOrganization,
  me,
  type Organization,
} from '../../../test/organization.fixtures.ts';
import { buildStoryfile, signInAs, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';

// Who may change whose role in an organization: the rule table (action x actor role x target role),
// the last owner kept, and a team's scope raising its members'.

let studio: TestStudio;
let admin: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await studio?.stop();
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
  let org: Organization;
  const clients = new Map<Actor, ApiClient>();

  beforeAll(async () => {
    org = await buildOrganization(studio, grants);
    const other = await buildOrganization(studio, { owner: 'owner:ns' });
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
  let single: Organization;
  let singleOwner: ApiClient;
  beforeAll(async () => {
    single = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
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
    const org = await buildOrganization(studio, { owner: 'owner:ns', owner2: 'owner:ns' });
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
    const org = await buildOrganization(studio, { owner: 'owner:ns', lead: 'edit:ns' });
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
    const org = await buildOrganization(studio, { owner: 'owner:ns', viewer: 'read:ns' });
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
