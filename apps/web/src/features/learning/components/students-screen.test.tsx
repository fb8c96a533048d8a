import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '@conversa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StudentsScreen } from './students-screen';

// Students invited from a CSV of names and emails (issue 18): the form lists the file's people
// with their names before inviting them, sends each name with its email, and pending invitations
// show the name they were given.

const ORG_ID = '0b5d7c1e-3333-4000-8000-000000000001';

const organization: Organization = {
  id: ORG_ID,
  label: 'School',
  attributes: { LEARNING_MODULE: true },
  defaultScope: 'read:ns',
  viewerScope: 'owner:ns',
  memberCount: 1,
  teamCount: 0,
  storyfileCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let listed: Organization[] = [organization];

beforeEach(() => {
  calls = [];
  listed = [organization];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://studio');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      if (method === 'POST') {
        const { emails } = JSON.parse(init.body as string) as { emails: string[] };
        const results = emails.map((email, index) => ({
          email,
          invitationId: `0b5d7c1e-3333-4000-8000-00000000001${index}`,
          isEmailSent: true,
          link: null,
          problem: null,
          replacedScope: null,
        }));
        return Promise.resolve(Response.json({ results, skipped: [] }, { status: 201 }));
      }
      if (method === 'PATCH') {
        listed = listed.map((item) => ({ ...item, attributes: { LEARNING_MODULE: true } }));
        return Promise.resolve(Response.json(listed[0]));
      }
      if (url.pathname === '/v1/conversa/organizations') {
        return Promise.resolve(Response.json({ items: listed }));
      }
      if (url.pathname === '/v1/conversa/learning/students') {
        return Promise.resolve(
          Response.json({
            items: [],
            pendingInvitations: [
              {
                id: '0b5d7c1e-3333-4000-8000-000000000002',
                email: 'mary@school.test',
                name: 'Mary Ann Evans',
                expiresAt: '2026-12-01T10:00:00.000Z',
              },
            ],
          }),
        );
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Students screen: inviting from a CSV', () => {
  it('lists the names and emails of the file, then invites them with their names', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StudentsScreen isAdmin={false} />, { path: '/learning/students' });
    expect(
      await screen.findByText('Invited, not signed in yet: Mary Ann Evans (mary@school.test)'),
    ).toBeDefined();
    const csv = '\uFEFFname,email\n"Hopper, Grace",grace@school.test\n,ada@school.test\n';
    await user.upload(
      screen.getByLabelText('Or a CSV file of names and emails'),
      new File([csv], 'class.csv', { type: 'text/csv' }),
    );
    const table = await screen.findByRole('table', { name: '2 people in the file' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'NameEmail',
      'Hopper, Gracegrace@school.test',
      '(no name)ada@school.test',
    ]);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Invite 2 students' }));
    await screen.findByText('2 students invited.');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/v1/conversa/organizations/${ORG_ID}/invitations`,
      body: {
        emails: ['grace@school.test', 'ada@school.test'],
        names: { 'grace@school.test': 'Hopper, Grace' },
        scope: 'restricted:ns',
        teamIds: [],
      },
    });
  }, 20_000);
});

describe('Students screen: an organization without the learning module (issue 44)', () => {
  it('says so before inviting, and lets a platform admin turn it on', async () => {
    listed = [{ ...organization, attributes: {} }];
    const user = userEvent.setup();
    renderWithProviders(<StudentsScreen isAdmin />, { path: '/learning/students' });
    expect(
      await screen.findByText(
        'School does not have the learning module: its students (the Restricted User role) cannot open any activity until it is turned on.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Invite students' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn on the learning module' }));
    await screen.findByText('The learning module is on for School.');
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/v1/conversa/organizations/${ORG_ID}`,
      body: { attributes: { LEARNING_MODULE: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Invite students' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on the learning module' })).toBeNull();
  }, 20_000);
});
