import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization, ScimToken } from '@conversa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ScimTokensDialog } from './scim-tokens-dialog';

const ORG_ID = '0b5d7c1e-3333-4000-8000-000000000001';
const TOKEN_ID = '0b5d7c1e-3333-4000-8000-000000000002';
const SECRET = 'scim_secret-shown-only-once-0123456789abcdefghijkl';

const organization: Organization = {
  id: ORG_ID,
  label: 'Acme',
  attributes: {},
  defaultScope: 'read:ns',
  viewerScope: 'owner:ns',
  memberCount: 1,
  teamCount: 0,
  storyfileCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const TOKEN: ScimToken = {
  id: TOKEN_ID,
  organizationId: ORG_ID,
  label: 'Okta',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdByEmail: 'olive@acme.test',
  lastUsedAt: null,
  revokedAt: null,
};

let tokens: ScimToken[] = [];
let writes: { method: string; path: string }[] = [];

beforeEach(() => {
  tokens = [];
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://studio');
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        return Promise.resolve(
          Response.json({ items: tokens, baseUrl: 'https://studio.test/scim/v2' }),
        );
      }
      writes.push({ method, path: url.pathname });
      if (method === 'POST') {
        tokens = [TOKEN];
        return Promise.resolve(Response.json({ ...TOKEN, token: SECRET }, { status: 201 }));
      }
      tokens = [{ ...TOKEN, revokedAt: '2026-11-21T10:00:00.000Z' }];
      return Promise.resolve(Response.json(tokens[0]));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('SCIM tokens dialog', () => {
  it('shows a new token once, and revokes only after confirming', async () => {
    renderWithProviders(
      <ScimTokensDialog organization={organization} isOpen onOpenChange={() => undefined} />,
    );
    expect(await screen.findByText('No SCIM tokens yet.')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('SCIM endpoint').value).toBe(
      'https://studio.test/scim/v2',
    );
    await userEvent.type(screen.getByLabelText('New token for'), 'Okta');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Copy this token now: it is shown only once.')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('New SCIM token').value).toBe(SECRET);
    const list = await screen.findByRole('list', { name: 'SCIM tokens' });
    expect(within(list).getByText('Okta')).toBeDefined();

    await userEvent.click(within(list).getByRole('button', { name: 'Revoke Okta' }));
    expect(writes.filter((write) => write.method === 'DELETE')).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: 'Revoke SCIM token' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'DELETE',
        path: `/v1/conversa/organizations/${ORG_ID}/scim-tokens/${TOKEN_ID}`,
      }),
    );
    expect(await screen.findByText(/Revoked/)).toBeDefined();
  }, 20_000);
});
