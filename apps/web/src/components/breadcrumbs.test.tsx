import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Breadcrumbs, useBreadcrumbLabel } from './breadcrumbs';

function readCrumbs(pathname: string) {
  renderWithProviders(<Breadcrumbs pathname={pathname} />);
  const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).queryByRole('link');
      const text = item.textContent;
      if (link) {
        return `${text} -> ${link.getAttribute('href')}`;
      }
      const span = item.querySelector('[aria-disabled], [aria-current]');
      return `${text}${span?.getAttribute('aria-disabled') ? ' (disabled)' : ''}${span?.getAttribute('aria-current') ? ' (current)' : ''}`;
    });
}

describe('Breadcrumbs (spec §2)', () => {
  it.each([
    ['/dashboard', ['Welcome to Conversa Studio (current)']],
    ['/topics/templates', ['Topics -> /topics', 'Templates (current)']],
    ['/training/chat_logs', ['Training (disabled)', 'Chat Logs (current)']],
    ['/account/my_profile', ['Account (disabled)', 'My Profile (current)']],
    [
      '/analytics/storylines/weekly_report',
      ['Analytics (disabled)', 'StoryLines -> /analytics/storylines', 'Weekly Report (current)'],
    ],
    ['/storyfiles/[id]/edit', ['StoryFiles -> /storyfiles', 'Edit (current)']],
  ])('%s', (pathname, crumbs) => {
    expect(readCrumbs(pathname)).toEqual(crumbs);
  });
});

describe('screen breadcrumb labels', () => {
  it('show a screen-supplied label for a raw segment while the screen is mounted', () => {
    const id = '5b1c0d2e-0000-4000-8000-000000000001';
    function Screen() {
      useBreadcrumbLabel(id, 'Grandma Rose');
      return null;
    }
    const view = renderWithProviders(
      <>
        <Breadcrumbs pathname={`/storyfiles/${id}`} />
        <Screen />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent('Grandma Rose');
    expect(nav).not.toHaveTextContent(id);
    view.unmount();
    renderWithProviders(<Breadcrumbs pathname={`/storyfiles/${id}`} />);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).not.toHaveTextContent(
      'Grandma Rose',
    );
  });
});
