import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ORGANIZATION_HAS_STORYFILES_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
} from '@conversa/contracts';
import { auditEvents } from './accounts.tables.ts';
import { buildOrganization, SUPER_ADMIN_ROLE } from '../../../test/organization.fixtures.ts';
import { buildStoryfile, signInAs, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';

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
