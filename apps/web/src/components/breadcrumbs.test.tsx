import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Breadcrumbs } from './breadcrumbs';

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
