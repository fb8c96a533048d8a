import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getRecentActivity } from '@/lib/recent-activity';
import {
  requested,
  mockServer,
  readAddressFilters,
  renderScreen,
  setUpChatLogsServer,
} from './chat-logs-screen.fixtures';

setUpChatLogsServer();

describe('ChatLogsScreen: filters and search', () => {
  it('puts a filter in the address, back on page 1, and asks the server for it', async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen('/training/chat_logs?page=2');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Decision'), 'Fallback');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/training/chat_logs?decision=fallback',
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(requested.at(-1)?.searchParams.get('decision')).toBe('fallback');
    expect(requested.at(-1)?.searchParams.get('page')).toBe('1');
    await waitFor(() =>
      expect(getRecentActivity(localStorage)[0]).toMatchObject({
        name: 'Chat logs',
        url: '/training/chat_logs?decision=fallback',
        chatLogQuery: 'decision=fallback',
      }),
    );
  });

  it('composes two filters changed before the first has rendered (issue 32: Channel, then Decision)', async () => {
    mockServer();
    renderScreen('/training/chat_logs?page=2');
    await screen.findByRole('table');
    // Both picks land in one batch, before the router renders the first address: the second
    // change must start from what the first wrote, not from the address of the last render.
    act(() => {
      fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'share' } });
      fireEvent.change(screen.getByLabelText('Decision'), { target: { value: 'fallback' } });
    });
    await waitFor(() =>
      expect(readAddressFilters()).toEqual({ channel: 'share', decision: 'fallback' }),
    );
    expect(screen.getByLabelText('Channel')).toHaveValue('share');
    expect(screen.getByLabelText('Decision')).toHaveValue('fallback');
  });

  it('composes a filter with one picked 120 ms later, whatever the timing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockServer();
      renderScreen();
      await screen.findByRole('table');
      act(() => {
        fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'share' } });
      });
      // Within the ~300 ms of the report: the second filter comes 120 ms after the first.
      act(() => {
        vi.advanceTimersByTime(120);
        fireEvent.change(screen.getByLabelText('Confidence'), { target: { value: 'exact' } });
      });
      await waitFor(() =>
        expect(readAddressFilters()).toEqual({ channel: 'share', confidence: 'exact' }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches the questions by word from the filters bar, the top search box staying disabled', async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Words in the question'), 'working lab{Enter}');
    await waitFor(() => expect(readAddressFilters()).toEqual({ words: 'working lab' }));
    await waitFor(() =>
      expect(
        requested
          .filter((url) => url.pathname === '/v1/conversa/chat-logs')
          .at(-1)
          ?.searchParams.get('words'),
      ).toBe('working lab'),
    );
    expect(screen.getByRole('searchbox', { name: 'Search chat logs' })).toBeDisabled();
  });

  // Issue 68, item 8: the disabled box read as "no search" while the word search is a filter. The
  // box stays off (spec §2); its note leads to the word search, and pressing it moves focus there.
  it('leads from the disabled search box to the word search of the questions', async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table');
    expect(
      screen.getByText(/The search box is off on chat logs. To find words in the questions, use/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Words in the question' }));
    expect(screen.getByRole('searchbox', { name: 'Words in the question' })).toHaveFocus();
  });

  // Issue 41, item 5: the chat log's word search can search what was said.
  it('searches what the answer said beside the question’s words, keeping the two apart', async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen('/training/chat_logs?words=born');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Said in the answer'), '"small hospital" Lagos{Enter}');
    await waitFor(() =>
      expect(readAddressFilters()).toEqual({ words: 'born', said: '"small hospital" Lagos' }),
    );
    await waitFor(() => {
      const call = requested.filter((url) => url.pathname === '/v1/conversa/chat-logs').at(-1);
      expect(call?.searchParams.get('said')).toBe('"small hospital" Lagos');
      expect(call?.searchParams.get('words')).toBe('born');
    });
    expect(screen.getByLabelText('Words in the question')).toHaveValue('born');
  });

  it('reads the filters from the address', async () => {
    mockServer();
    renderScreen('/training/chat_logs?decision=answered&channel=studio&confidence=exact');
    await screen.findByRole('table');
    expect(screen.getByLabelText('Decision')).toHaveValue('answered');
    expect(screen.getByLabelText('Channel')).toHaveValue('studio');
    expect(screen.getByLabelText('Confidence')).toHaveValue('exact');
    const call = requested.find((url) => url.pathname === '/v1/conversa/chat-logs');
    expect(call?.searchParams.get('channel')).toBe('studio');
    expect(call?.searchParams.get('confidence')).toBe('exact');
  });
});
