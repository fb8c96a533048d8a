import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  describeReplacedInvitations,
  escapeHtml,
  INVITATION_ALREADY_MEMBER_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  type InvitationResult,
} from '@conversa/contracts';
import { invitations } from './accounts.tables.ts';
import { createUser } from '../users/index.ts';
import {
  ADMIN_ROLE,
  buildOrganization,
  me,
  type Organization,
} from '../../../test/organization.fixtures.ts';
import { signInAs, TEST_PASSWORD, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';

// Invitations to an organization against a real studio and PostgreSQL: bulk invites, who may
// invite, pending invitations resent, revoked and expired, and accepting one.

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('invitations', () => {
  let shared: Organization;
  let sharedOwner: ApiClient;
  beforeAll(async () => {
    shared = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
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
    const org = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
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
      results: (InvitationResult & { link: string })[];
    }>(201, 'POST', `/v1/conversa/organizations/${org.id}/invitations`, {
      emails: ['pat@acme.test', 'sam@acme.test'],
      scope: 'read:ns',
    });
    expect(first.results).toHaveLength(2);
    expect(first.results[0]).toMatchObject({ isEmailSent: false });
    expect(first.results[0]!.link).toMatch(new RegExp(`^${studio.baseUrl}/idp/invitation/`));
    expect(first.results.map((result) => result.replacedScope)).toEqual([null, null]);
    const again = await owner.expectStatus<{
      results: (InvitationResult & { link: string })[];
    }>(201, 'POST', `/v1/conversa/organizations/${org.id}/invitations`, {
      emails: ['PAT@acme.test'],
      scope: 'edit:ns',
    });
    // The inviter is told the earlier invitation, and its role, was replaced (issue 68).
    expect(again.results[0]!.replacedScope).toBe('read:ns');
    expect(describeReplacedInvitations(again.results)).toBe(
      'The earlier invitation of PAT@acme.test as "Viewer" was replaced by this one; its link no longer works.',
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
