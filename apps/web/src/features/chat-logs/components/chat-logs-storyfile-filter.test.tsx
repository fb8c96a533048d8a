import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getRecentActivity } from '@/lib/recent-activity';
import {
  STORYFILE_ID,
  requested,
  mockServer,
  renderScreen,
  setUpChatLogsServer,
} from './chat-logs-screen.fixtures';

setUpChatLogsServer();

describe('ChatLogsScreen: the storyfile filter', () => {
  it('offers no storyfile search while every storyfile fits in the select', async () => {
    mockServer({ storyfiles: [{ id: STORYFILE_ID, name: 'Grandma Rose' }] });
    renderScreen();
    const select = await screen.findByRole('combobox', { name: 'Storyfile' });
    await within(select).findByRole('option', { name: 'Grandma Rose' });
    expect(screen.queryByRole('searchbox', { name: 'Find a storyfile' })).toBeNull();
  });

  it('with more storyfiles than one page, finds the others through the server', async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Storyfile ${String(index).padStart(3, '0')}`,
    }));
    mockServer({ storyfiles: [...many, { id: STORYFILE_ID, name: 'Zeta Grandma Rose' }] });
    const user = userEvent.setup();
    renderScreen();
    const select = await screen.findByRole('combobox', { name: 'Storyfile' });
    await within(select).findByRole('option', { name: 'Storyfile 000' });
    expect(within(select).queryByRole('option', { name: 'Zeta Grandma Rose' })).toBeNull();

    await user.type(await screen.findByRole('searchbox', { name: 'Find a storyfile' }), 'grandma');
    await within(select).findByRole('option', { name: 'Zeta Grandma Rose' });
    expect(within(select).queryByRole('option', { name: 'Storyfile 000' })).toBeNull();
    expect(requested.some((url) => url.searchParams.get('search') === 'grandma')).toBe(true);

    await user.selectOptions(select, 'Zeta Grandma Rose');
    await waitFor(() =>
      expect(requested.at(-1)?.searchParams.get('storyfileId')).toBe(STORYFILE_ID),
    );
  });

  it('names a storyfile of the address that is beyond the first page', async () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Storyfile ${String(index).padStart(3, '0')}`,
    }));
    mockServer({ storyfiles: [...many, { id: STORYFILE_ID, name: 'Zeta Grandma Rose' }] });
    renderScreen(`/training/chat_logs?storyfileId=${STORYFILE_ID}`);
    const select = await screen.findByRole('combobox', { name: 'Storyfile' });
    await waitFor(() => expect(select).toHaveDisplayValue('Zeta Grandma Rose'));
    await waitFor(() =>
      expect(getRecentActivity(localStorage)[0]?.name).toBe('Chat logs: Zeta Grandma Rose'),
    );
  });
});
