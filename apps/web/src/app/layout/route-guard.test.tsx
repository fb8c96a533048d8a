import type { CurrentUser } from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RouteGuard } from './route-guard';
import { buildMember } from '@/test/users';

const viewer: CurrentUser = buildMember({ id: 'n1', label: 'acme', scope: 'read:ns' });

describe('RouteGuard', () => {
  it.each([
    [
      '/topics/builder',
      'No access to Script Builder',
      'Error! You need to be at least "Content Creator"',
    ],
    ['/account/users', 'No access to Users', 'Error! You need to be at least "Admin"'],
    ['/account/users/42', 'No access', 'Error! You need to be at least "Admin"'],
    [
      '/promo_codes/clients',
      'No access to Clients',
      'Error! You need to be at least "Super Admin"',
    ],
    ['/learning', 'No access to Activities', 'Error! You need to be at least "Admin"'],
  ])('refuses a viewer %s', (path, heading, message) => {
    renderWithProviders(<RouteGuard user={viewer}>the screen</RouteGuard>, { path });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('the screen')).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/topics', '/training/chat_logs', '/account/my_profile', '/unknown'])(
    'shows %s to a viewer',
    (path) => {
      renderWithProviders(<RouteGuard user={viewer}>the screen</RouteGuard>, { path });
      expect(screen.getByText('the screen')).toBeVisible();
    },
  );

  it('tells an owner without the attribute that the feature is not enabled', () => {
    const owner: CurrentUser = {
      ...viewer,
      namespaces: [{ ...viewer.namespaces[0]!, userNamespaces: [{ scope: 'owner:ns' }] }],
    };
    renderWithProviders(<RouteGuard user={owner}>the screen</RouteGuard>, {
      path: '/account/whitelist',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error! This feature is not enabled for your account.',
    );
  });

  it('tells an owner who switches the learning module on, and where (issue 68, item 11)', () => {
    const owner: CurrentUser = {
      ...viewer,
      namespaces: [{ ...viewer.namespaces[0]!, userNamespaces: [{ scope: 'owner:ns' }] }],
    };
    renderWithProviders(<RouteGuard user={owner}>the screen</RouteGuard>, { path: '/learning' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error! This feature is not enabled for your account.',
    );
    expect(
      screen.getByText(
        'The learning module is switched on per organization by a platform admin: Account › Organizations, Edit, then tick LEARNING_MODULE. Ask a platform admin of your studio to turn it on for your organization.',
      ),
    ).toBeVisible();
  });

  it.each(['/dashboard', '/storyfiles', '/account/my_profile'])(
    'sends a student from %s to My Activities (issue 18)',
    async (path) => {
      const student: CurrentUser = {
        ...viewer,
        namespaces: [
          {
            ...viewer.namespaces[0]!,
            attributes: { LEARNING_MODULE: true },
            userNamespaces: [{ scope: 'restricted:ns' }],
          },
        ],
      };
      const { router } = renderWithProviders(<RouteGuard user={student}>the screen</RouteGuard>, {
        path,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/learning/my_activities'));
    },
  );

  it('tells a student whose organization lacks the learning module why and whom to ask (issue 44)', () => {
    const student: CurrentUser = {
      ...viewer,
      namespaces: [{ ...viewer.namespaces[0]!, userNamespaces: [{ scope: 'restricted:ns' }] }],
    };
    renderWithProviders(<RouteGuard user={student}>the screen</RouteGuard>, {
      path: '/learning/my_activities',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your activities are not open yet',
    );
    expect(
      screen.getByText(
        'acme has not turned on learning yet, so the activities assigned to you cannot open. Ask the person who invited you to turn on the learning module; your activities will be here as soon as it is on.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/This feature is not enabled/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the dashboard' })).not.toBeInTheDocument();
  });
});
