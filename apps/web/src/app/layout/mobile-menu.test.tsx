import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MobileMenu } from './mobile-menu';

// The drawer loads on the first opening; it still opens on its close button and gives focus back
// to the menu button, as the Dialog.Trigger it replaced did.
describe('MobileMenu', () => {
  it('opens the drawer from its button and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MobileMenu pathname="/topics">
        <a href="/storyfiles">Storyfiles</a>
      </MobileMenu>,
      { path: '/topics' },
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveTextContent('Storyfiles');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});
