import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UserMenu } from './user-menu';

function renderMenu(props: { displayName: string; email: string }, onLogout = vi.fn()) {
  return renderWithProviders(
    <UserMenu {...props} avatar={<span>avatar</span>} onLogout={onLogout} />,
    { path: '/topics' },
  );
}

describe('UserMenu (spec §2, §4)', () => {
  it('is collapsed by default', () => {
    renderMenu({ displayName: 'Ada Lovelace', email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: /^User menu/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['ada.lovelace@analytical-engines.example', 'ada.lovelace@an…'],
  ])('opened, shows %s as %s, Profile and Logout', async (email, shown) => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const { router } = renderMenu({ displayName: 'Ada Lovelace', email }, onLogout);
    await user.click(screen.getByRole('button', { name: /^User menu/ }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(`Signed in as${shown}`);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/account/my_profile',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/topics');
  });

  it('shows a user without a name by the short email on the closed menu too', () => {
    renderMenu({ displayName: 'owner.plus@e2e.test', email: 'owner.plus@e2e.test' });
    expect(screen.getByRole('button', { name: 'User menu for owner.plus@e2e.…' })).toBeVisible();
  });

  it('follows the Profile link', async () => {
    const user = userEvent.setup();
    const { router } = renderMenu({ displayName: 'Ada', email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/account/my_profile');
  });

  // The dropdown loads on the first opening: that opening still behaves as Radix's own.
  it('opened from the keyboard, focuses Profile first and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    renderMenu({ displayName: 'Ada', email: 'ada@example.com' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const trigger = screen.getByRole('button', { name: /^User menu/ });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opened by a press, focuses the menu rather than its first item', async () => {
    const user = userEvent.setup();
    renderMenu({ displayName: 'Ada', email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: /^User menu/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
