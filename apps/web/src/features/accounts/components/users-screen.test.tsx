import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LAST_OWNER_MESSAGE,
  type CurrentUser,
  type Member,
  type Organization,
} from '@conversa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UsersScreen } from './users-screen';

// The Users screen shows the account rules the server enforces: an owner's role choices are the
// organization's roles (never "Super Admin"), the last owner stepping down reads the server's
// message, and only platform admins see the platform-admin and delete-account controls.

const ORG_ID = '0b5d7c1e-2222-4000-8000-000000000001';
const OWNER_ID = '0b5d7c1e-2222-4000-8000-000000000002';
const MEMBER_ID = '0b5d7c1e-2222-4000-8000-000000000003';

const organization: Organization = {
  id: ORG_ID,
  label: 'Acme',
  attributes: {},
  defaultScope: 'read:ns',
  viewerScope: 'owner:ns',
  memberCount: 2,
  teamCount: 0,
  storyfileCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function buildMember(overrides: Partial<Member>): Member {
  return {
    id: MEMBER_ID,
    kind: 'member',
    organizationId: ORG_ID,
    organizationLabel: 'Acme',
    firstName: 'Mia',
    lastName: 'Member',
    email: 'mia@acme.test',
    displayName: 'Mia Member',
    scope: 'read:ns',
    effectiveScope: 'read:ns',
    teams: [],
    status: 'active',
    isAdmin: false,
    lastSignInAt: null,
    ...overrides,
  };
}

const OWNER = buildMember({
  id: OWNER_ID,
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'olive@acme.test',
  displayName: 'Olive Owner',
  scope: 'owner:ns',
  effectiveScope: 'owner:ns',
});
const MEMBER = buildMember({});

function viewer(isAdmin: boolean): CurrentUser {
  return {
    isAdmin,
    isLoggedIn: true,
    iam: isAdmin ? '0b5d7c1e-2222-4000-8000-0000000000aa' : OWNER_ID,
    firstName: isAdmin ? 'Ada' : 'Olive',
    lastName: isAdmin ? 'Admin' : 'Owner',
    email: isAdmin ? 'admin@example.com' : 'olive@acme.test',
    namespaces: isAdmin
      ? []
      : [
          {
            id: ORG_ID,
            label: 'Acme',
            attributes: {},
            userNamespaces: [{ scope: 'owner:ns' }],
            storyfileNamespaces: [],
          },
        ],
  };
}

const ZENITH_ID = '0b5d7c1e-2222-4000-8000-000000000009';
const zenith: Organization = { ...organization, id: ZENITH_ID, label: 'Zenith', memberCount: 1 };

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let organizations: Organization[] = [organization];

/** The members and organizations lists; writes answer what `onWrite` says (200 with a body by default). */
function mockServer(onWrite: (call: Call) => Response = () => Response.json(MEMBER)) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://studio');
      const method = init.method ?? 'GET';
      const call = {
        method,
        path: url.pathname,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (method !== 'GET') {
        return Promise.resolve(onWrite(call));
      }
      if (url.pathname === '/v1/conversa/members') {
        return Promise.resolve(
          Response.json({ items: [OWNER, MEMBER], page: 1, pageSize: 30, total: 2, pageCount: 1 }),
        );
      }
      if (url.pathname === '/v1/conversa/organizations') {
        return Promise.resolve(Response.json({ items: organizations }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

beforeEach(() => {
  organizations = [organization];
  mockServer();
});
afterEach(() => vi.unstubAllGlobals());

// The first render loads the screen's modules; on a busy machine that alone can take seconds.
describe('Users screen', () => {
  it("offers an owner the organization's roles only, and no platform-admin controls", async () => {
    renderWithProviders(<UsersScreen user={viewer(false)} />, { path: '/account/users' });
    const select = await screen.findByLabelText('Role of Mia Member in Acme');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Admin', 'Content Creator', 'Viewer', 'Restricted User']);
    expect(screen.queryByRole('button', { name: 'Make Super Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(within(rowOf('Mia Member')).getByRole('button', { name: 'Suspend' })).toBeDefined();
  }, 20_000);

  it('shows the last-owner message when the only owner steps down', async () => {
    mockServer(() =>
      Response.json(
        { statusCode: 409, error: 'CONFLICT', message: LAST_OWNER_MESSAGE },
        { status: 409 },
      ),
    );
    renderWithProviders(<UsersScreen user={viewer(false)} />, { path: '/account/users' });
    const select = await screen.findByLabelText('Role of Olive Owner in Acme');
    await userEvent.selectOptions(select, 'read:ns');
    expect(await screen.findByText(LAST_OWNER_MESSAGE)).toBeDefined();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: `/v1/conversa/organizations/${ORG_ID}/members/${OWNER_ID}`,
        body: { scope: 'read:ns' },
      },
    ]);
  }, 20_000);

  it('asks before suspending, and suspends only after the confirmation', async () => {
    renderWithProviders(<UsersScreen user={viewer(false)} />, { path: '/account/users' });
    await screen.findByText('Mia Member');
    await userEvent.click(within(rowOf('Mia Member')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Suspend Mia Member in Acme?');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: `/v1/conversa/organizations/${ORG_ID}/members/${MEMBER_ID}`,
        body: { isSuspended: true },
      }),
    );
  }, 20_000);

  it('lets a platform admin make someone Super Admin after confirming', async () => {
    mockServer(() => Response.json({ userId: MEMBER_ID, isAdmin: true }));
    renderWithProviders(<UsersScreen user={viewer(true)} />, { path: '/account/users' });
    await screen.findByText('Mia Member');
    await userEvent.click(
      within(rowOf('Mia Member')).getByRole('button', { name: 'Make Super Admin' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Super Admin' }));
    expect(await screen.findByText('Made Super Admin.')).toBeDefined();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/v1/conversa/users/${MEMBER_ID}/platform-admin`,
      body: { isAdmin: true },
    });
  }, 20_000);

  it('tells an owner inviting a Restricted User that the organization lacks the learning module (issue 44)', async () => {
    renderWithProviders(<UsersScreen user={viewer(false)} />, { path: '/account/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Restricted User');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Warning! Acme does not have the learning module: its students (the Restricted User role) cannot open any activity until it is turned on. A platform admin turns it on in Account › Organizations.',
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Turn on the learning module' }),
    ).toBeNull();
  }, 20_000);

  it('lets a platform admin turn the learning module on from the invitation (issue 44)', async () => {
    renderWithProviders(<UsersScreen user={viewer(true)} />, { path: '/account/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Restricted User');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Turn on the learning module' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: `/v1/conversa/organizations/${ORG_ID}`,
          body: { attributes: { LEARNING_MODULE: true } },
        },
      ]),
    );
  }, 20_000);

  it('invites into the organization the list is filtered to, not the first by name (issue 68)', async () => {
    organizations = [organization, zenith];
    renderWithProviders(<UsersScreen user={viewer(true)} />, {
      path: `/account/users?organizationId=${ZENITH_ID}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    expect(within(dialog).getByLabelText('Organization')).toHaveValue(ZENITH_ID);
  }, 20_000);

  it('tells the inviter that an earlier invitation, with its role, was replaced (issue 68)', async () => {
    mockServer(() =>
      Response.json(
        {
          results: [
            {
              email: 'pat@acme.test',
              invitationId: '0b5d7c1e-2222-4000-8000-000000000010',
              isEmailSent: false,
              link: 'http://studio/idp/invitation/abc',
              problem: null,
              replacedScope: 'read:ns',
            },
          ],
          skipped: [],
        },
        { status: 201 },
      ),
    );
    renderWithProviders(<UsersScreen user={viewer(false)} />, { path: '/account/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await userEvent.type(within(dialog).getByLabelText('Email addresses'), 'pat@acme.test');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Content Creator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(
      await within(dialog).findByText(
        'The earlier invitation of pat@acme.test as "Viewer" was replaced by this one; its link no longer works.',
        { exact: false },
      ),
    ).toBeDefined();
    expect(await screen.findByText('1 invited, 1 earlier invitation replaced.')).toBeDefined();
  }, 20_000);
});
