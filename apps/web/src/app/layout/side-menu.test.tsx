import type { CurrentUser, NamespaceAttributes, Scope } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '@/components/brand';
import { webConfig } from '@/config/env';
import { toBrandView } from '@/lib/brand';
import { MEDTRONIC_BRAND } from '@/test/brands';
import { renderWithProviders } from '@/test/render';
import { SideMenu } from './side-menu';

function buildUser(scope: Scope | null, attributes: NamespaceAttributes = {}, isAdmin = false) {
  return {
    isAdmin,
    isLoggedIn: true,
    iam: 'u1',
    firstName: null,
    lastName: null,
    email: 'u@example.com',
    namespaces:
      scope === null
        ? []
        : [
            {
              id: 'n1',
              label: 'acme',
              attributes,
              userNamespaces: [{ scope }],
              storyfileNamespaces: [],
            },
          ],
  } satisfies CurrentUser;
}

function renderMenu(user: CurrentUser, path = '/dashboard') {
  renderWithProviders(<SideMenu user={user} pathname={path} />, { path });
  return screen.getByRole('navigation', { name: 'Main menu' });
}

async function readEntries(menu: HTMLElement) {
  for (const button of within(menu).queryAllByRole('button', { expanded: false })) {
    await userEvent.click(button);
  }
  return ['MAIN', 'ADMIN'].flatMap((section) => {
    const list = within(menu).queryByRole('list', { name: section });
    return list === null
      ? []
      : within(list)
          .getAllByRole('link')
          .map((link) => link.textContent);
  });
}

const COMMON = ['Dashboard', 'StoryFiles', 'Topics', 'All Scripts'];
const TRAINING = [
  'Chat Logs',
  'Response Quality',
  'Custom Categories',
  'Custom Words',
  'Ink Story',
  'Instructions',
];
const ACCOUNT = ['Organizations', 'Teams', 'Roles', 'Users'];

describe('SideMenu (spec §2 Layout, §6 menu gating)', () => {
  it.each<[string, CurrentUser, string[]]>([
    ['viewer', buildUser('read:ns'), [...COMMON, ...TRAINING, 'My Profile']],
    ['editor', buildUser('edit:ns'), [...COMMON, 'Script Builder', ...TRAINING, 'My Profile']],
    [
      'editor with both attributes',
      buildUser('edit:ns', { LEARNING_MODULE: true, SSO_WHITELIST: true }),
      [...COMMON, 'Script Builder', ...TRAINING, 'My Profile'],
    ],
    [
      'owner',
      buildUser('owner:ns'),
      [...COMMON, 'Script Builder', ...TRAINING, ...ACCOUNT, 'My Profile'],
    ],
    [
      'owner with LEARNING_MODULE',
      buildUser('owner:ns', { LEARNING_MODULE: true }),
      [
        ...COMMON,
        'Script Builder',
        ...TRAINING,
        'Activities',
        'Students',
        ...ACCOUNT,
        'My Profile',
      ],
    ],
    [
      'owner with SSO_WHITELIST',
      buildUser('owner:ns', { SSO_WHITELIST: true }),
      [...COMMON, 'Script Builder', ...TRAINING, ...ACCOUNT, 'Whitelist', 'My Profile'],
    ],
    [
      // Issue 18: a student sees their activities and nothing else of the studio.
      'student with LEARNING_MODULE',
      buildUser('restricted:ns', { LEARNING_MODULE: true }),
      ['My Activities'],
    ],
    [
      'admin',
      buildUser(null, {}, true),
      [
        ...COMMON,
        'Script Builder',
        'Chat Logs',
        'Response Quality',
        'View Inky States',
        'Custom Categories',
        'Custom Words',
        'Ink Story',
        'Instructions',
        'Activities',
        'Students',
        ...ACCOUNT,
        'Whitelist',
        'My Profile',
        'StoryFiles',
        'Featured',
        'Popular',
        'Clients',
      ],
    ],
  ])('the %s sees exactly the allowed entries', async (_name, user, labels) => {
    expect(await readEntries(renderMenu(user))).toEqual(labels);
  });

  it('puts entries under MAIN and ADMIN with their groups, and omits empty groups', () => {
    const menu = renderMenu(buildUser('read:ns'));
    expect(within(menu).getByRole('list', { name: 'MAIN' })).toBeVisible();
    const admin = within(menu).getByRole('list', { name: 'ADMIN' });
    expect(
      within(admin)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Account']);
    expect(within(menu).queryByRole('button', { name: 'Learning' })).not.toBeInTheDocument();
  });

  it('opens the group of the current screen and marks its entry current', () => {
    const menu = renderMenu(buildUser('owner:ns'), '/training/chat_logs');
    expect(within(menu).getByRole('button', { name: 'Training' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(menu).getByRole('button', { name: 'Script Library' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(menu).getByRole('link', { name: 'Chat Logs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has a Help Center button that opens the help site in a new tab', () => {
    const menu = renderMenu(buildUser('read:ns'));
    const help = within(menu).getByRole('link', { name: /Help Center/ });
    expect(help).toHaveAttribute('href', 'https://help.conversa.studio');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it("names a branded deployment's brand and opens its own help site", () => {
    renderWithProviders(
      <BrandProvider brand={toBrandView(MEDTRONIC_BRAND, webConfig)}>
        <SideMenu user={buildUser('read:ns')} pathname="/dashboard" />
      </BrandProvider>,
      { path: '/dashboard' },
    );
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Medtronic Conversations' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(menu).getByRole('link', { name: /Help Center/ })).toHaveAttribute(
      'href',
      'https://help.medtronic.example/studio',
    );
  });
});
