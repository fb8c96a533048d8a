/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call --
   SCIM answers are read as the loose JSON a provider reads; the assertions check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LAST_OWNER_MESSAGE } from '@conversa/contracts';
import { teams } from './accounts.tables.ts';
import {
  GROUP,
  LIST,
  PATCH_OP,
  scimError,
  startScimStudio,
  type Json,
  type ScimKit,
} from '../../../test/scim.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// SCIM 2.0 Groups against a real studio and PostgreSQL: groups are teams (Okta's and Microsoft
// Entra ID's provisioning shapes), and a team carrying the owner role keeps the last owner.

let kit: ScimKit;
let studio: TestStudio;

beforeAll(async () => {
  kit = await startScimStudio();
  ({ studio } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('SCIM Groups', () => {
  it("maps groups to teams: Okta's create, rename, member add and remove; Entra's add and remove", async () => {
    const org = await kit.buildOrganization({ owner: 'owner:ns', amy: 'read:ns', bob: 'edit:ns' });
    const outsider = await kit.buildOrganization();
    const lookup = await kit.scim(
      org.token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Test SCIMv2"')}&startIndex=1&count=100`,
    );
    expect(lookup.body).toMatchObject({ schemas: [LIST], totalResults: 0 });
    const created = await kit.scim(org.token, 'POST', '/Groups', {
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
      await kit.scim(org.token, 'POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'test scimv2',
      }),
    ).toMatchObject(scimError(409, 'uniqueness'));

    // Okta renames with a path-less replace that repeats the id.
    const renamed = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Sales' } }],
    });
    expect(renamed.body.displayName).toBe('Sales');
    const [team] = await studio.database.db.select().from(teams).where(eq(teams.id, id));
    expect(team).toMatchObject({ name: 'Sales', namespaceId: org.id, scope: null });

    const added = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: org.ids.amy, display: org.email('amy') }] },
      ],
    });
    expect(added.body.members.map((member: Json) => member.value)).toEqual([org.ids.amy]);
    const withBob = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: org.ids.bob }] }],
    });
    expect(withBob.body.members).toHaveLength(2);
    // The person's User shows the group.
    expect((await kit.scim(org.token, 'GET', `/Users/${org.ids.amy}`)).body.groups).toEqual([
      expect.objectContaining({ value: id, display: 'Sales' }),
    ]);
    // Okta removes one member by a filtered path, Entra names them in the value.
    const oktaRemoved = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${org.ids.amy}"]` }],
    });
    expect(oktaRemoved.body.members.map((member: Json) => member.value)).toEqual([org.ids.bob]);
    const entraRemoved = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: org.ids.bob }] }],
    });
    expect(entraRemoved.body.members).toEqual([]);
    // Only the organization's people can be members.
    expect(
      await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: outsider.ids.owner }] }],
      }),
    ).toMatchObject(scimError(400, 'invalidValue'));

    // PUT replaces name and members; excludedAttributes=members leaves them out.
    const replaced = await kit.scim(org.token, 'PUT', `/Groups/${id}`, {
      schemas: [GROUP],
      displayName: 'Sales EMEA',
      members: [{ value: org.ids.amy }, { value: org.ids.bob }],
    });
    expect(replaced.body).toMatchObject({ displayName: 'Sales EMEA' });
    expect(replaced.body.members).toHaveLength(2);
    const lean = await kit.scim(org.token, 'GET', `/Groups/${id}?excludedAttributes=members`);
    expect(lean.body.members).toBeUndefined();
    const filtered = await kit.scim(
      org.token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "sales emea"')}&excludedAttributes=members`,
    );
    expect(filtered.body).toMatchObject({
      totalResults: 1,
      Resources: [{ id, displayName: 'Sales EMEA' }],
    });
    // Another organization's token does not see it.
    expect((await kit.scim(outsider.token, 'GET', `/Groups/${id}`)).status).toBe(404);

    expect((await kit.scim(org.token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect(await studio.database.db.select().from(teams).where(eq(teams.id, id))).toEqual([]);
    expect((await kit.scim(org.token, 'GET', `/Users/${org.ids.amy}`)).body).toMatchObject({
      active: true,
      groups: [],
    });
    // Events of one transaction share its time, so their order among themselves is not asserted.
    const actions = (await kit.auditActions(org.id, id)).map((row) => row.action);
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
    const org = await kit.buildOrganization({ owner: 'owner:ns', amy: 'read:ns' });
    const created = await kit.scim(org.token, 'POST', '/Groups', {
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
    const removed = await kit.scim(org.token, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${org.ids.amy}"]` }],
    });
    expect(removed).toMatchObject({ ...scimError(409), body: { detail: LAST_OWNER_MESSAGE } });
    expect(await kit.scim(org.token, 'DELETE', `/Groups/${id}`)).toMatchObject(scimError(409));
  });
});
