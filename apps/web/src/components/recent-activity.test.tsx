import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { recordRecentActivity, RecentActivityList } from './recent-activity';

describe('RecentActivityList (spec §3, §5)', () => {
  it('shows an empty state before anything was opened', () => {
    renderWithProviders(<RecentActivityList timeZone="UTC" />);
    expect(screen.getByText('No recent activity yet')).toBeVisible();
  });

  it('lists the 5 newest entries as links with a US date, never a name containing " - Deleted"', () => {
    renderWithProviders(<RecentActivityList timeZone="UTC" />);
    const base = Date.UTC(2024, 0, 5, 15, 4);
    act(() => {
      for (let index = 1; index <= 6; index += 1) {
        // recordRecentActivity stamps Date.now(); the list orders by it.
        const original = Date.now;
        Date.now = () => base + index * 60_000;
        recordRecentActivity(`Storyfile ${index}`, { url: `/storyfiles/${index}` });
        Date.now = original;
      }
    });
    expect(recordRecentActivity('Old interview - Deleted', { url: '/storyfiles/9' })).toBe(false);
    const items = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Storyfile 6',
      'Storyfile 5',
      'Storyfile 4',
      'Storyfile 3',
      'Storyfile 2',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/storyfiles/6');
    expect(items[0]).toHaveTextContent('1/5/2024, 3:10 PM');
  });
});
