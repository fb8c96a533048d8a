import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ORGANIZATION_HAS_STORYFILES_MESSAGE,
  LAST_OWNER_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
} from '@conversa/contracts';
import { auditEvents } from './accounts.tables.ts';
import { createUser } from '../users/index.ts';
import { buildOrganization, SUPER_ADMIN_ROLE } from '../../../test/organization.fixtures.ts';
import {
  buildStoryfile,
  signInAs,
  TEST_PASSWORD,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';

// Organizations (issue 30) against a real studio and PostgreSQL: made, renamed and deleted by
// platform admins, seen by their owners, and their audit log of who changed what.

let studio: TestStudio;
let admin: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await studio?.stop();
});

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
    const org = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
    const other = await buildOrganization(studio, { owner: 'owner:ns' });
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

// Issue 68: a platform admin made an organization and invited people, who accepted; it showed 0
// members and every later change was refused with the last-Admin message.
describe('a new organization', () => {
  type MemberItem = { id: string; email: string; scope: string; kind: string };
  async function listMembers(organizationId: string): Promise<MemberItem[]> {
    return (
      await admin.get<{ items: MemberItem[] }>(
        `/v1/conversa/members?organizationId=${organizationId}&pageSize=50`,
      )
    ).body.items;
  }

  it('has its creator as its Admin, counts the people who accepted, and lets them be managed', async () => {
    const created = await admin.expectStatus<{ id: string; memberCount: number }>(
      201,
      'POST',
      '/v1/conversa/organizations',
      { label: 'Fresh Fields' },
    );
    expect(created.memberCount).toBe(1);
    expect(await listMembers(created.id)).toMatchObject([
      { email: 'admin@example.com', scope: 'owner:ns', kind: 'member' },
    ]);
    const audit = await studio.database.db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.namespaceId, created.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['member.added', 'organization.created']);

    await createUser(studio.database.db, { email: 'vera@fresh.test', password: TEST_PASSWORD });
    const sent = await admin.expectStatus<{ results: { email: string; link: string }[] }>(
      201,
      'POST',
      `/v1/conversa/organizations/${created.id}/invitations`,
      { emails: ['nico@fresh.test', 'vera@fresh.test'], scope: 'read:ns' },
    );
    const browser = new TestBrowser(studio.baseUrl);
    const accepted = await browser.request(
      sent.results.find((result) => result.email === 'nico@fresh.test')!.link,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: 'Nico', password: 'a-new-password' }).toString(),
      },
    );
    expect(accepted.status).toBe(200);
    await signInAs(studio, 'vera@fresh.test');

    const organizations = await admin.get<{ items: { id: string; memberCount: number }[] }>(
      '/v1/conversa/organizations',
    );
    expect(organizations.body.items.find((item) => item.id === created.id)?.memberCount).toBe(3);
    const members = await listMembers(created.id);
    const nico = members.find((member) => member.email === 'nico@fresh.test')!;
    const vera = members.find((member) => member.email === 'vera@fresh.test')!;
    expect([nico.scope, vera.scope]).toEqual(['read:ns', 'read:ns']);

    await admin.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${created.id}/members/${nico.id}`,
      { scope: 'edit:ns' },
    );
    const team = await admin.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${created.id}/teams`,
      { name: 'Readers', scope: null },
    );
    await admin.expectStatus(200, 'PUT', `/v1/conversa/teams/${team.id}/members/${vera.id}`);
    await admin.expectStatus(
      200,
      'DELETE',
      `/v1/conversa/organizations/${created.id}/members/${vera.id}`,
    );
  });

  it('never refuses a change that touches no Admin, even in an organization without one', async () => {
    // Made outside the console (the operator CLI, an older studio): no Admin at all.
    const org = await buildOrganization(studio, { first: 'read:ns', second: 'read:ns' });
    const base = `/v1/conversa/organizations/${org.id}/members`;
    await admin.expectStatus(200, 'PATCH', `${base}/${org.ids.first}`, { scope: 'edit:ns' });
    await admin.expectStatus(200, 'PATCH', `${base}/${org.ids.first}`, { isSuspended: true });
    const team = await admin.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${org.id}/teams`,
      { name: 'Crew', scope: 'edit:ns' },
    );
    await admin.expectStatus(200, 'PUT', `/v1/conversa/teams/${team.id}/members/${org.ids.second}`);
    await admin.expectStatus(
      200,
      'DELETE',
      `/v1/conversa/teams/${team.id}/members/${org.ids.second}`,
    );
    await admin.expectStatus(200, 'DELETE', `${base}/${org.ids.second}`);

    // Once it has an Admin, the last one still cannot go.
    await admin.expectStatus(200, 'PATCH', `${base}/${org.ids.first}`, {
      scope: 'owner:ns',
      isSuspended: false,
    });
    expect(await admin.patch(`${base}/${org.ids.first}`, { scope: 'read:ns' })).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
    expect(await admin.delete(`${base}/${org.ids.first}`)).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_MESSAGE },
    });
  });
});

describe('audit', () => {
  it('lists who changed what with before and after, to owners of that organization only, filterable', async () => {
    const org = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
    const other = await buildOrganization(studio, { owner: 'owner:ns' });
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
