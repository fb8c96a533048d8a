import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ANSWERED,
  mockServer,
  renderScreen,
  setUpChatLogsServer,
} from './chat-logs-screen.fixtures';

setUpChatLogsServer();

describe('ChatLogsScreen', () => {
  it('lists the exchanges with US times, decisions, scores and channels', async () => {
    mockServer();
    renderScreen();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('11/21/2026, 9:05 AM');
    expect(rows[0]).toHaveTextContent('zorblax quantum pickles');
    expect(rows[0]).toHaveTextContent('Fallback');
    expect(rows[0]).toHaveTextContent('No answer close enough');
    expect(rows[0]).toHaveTextContent('Off-topic');
    expect(rows[1]).toHaveTextContent('Answered');
    expect(rows[1]).toHaveTextContent('0.97');
    expect(rows[1]).toHaveTextContent('Studio test');
    expect(screen.getByText('2 exchanges')).toBeInTheDocument();
  });

  it('says of each exchange whether it took a story choice or was a free question', async () => {
    mockServer();
    renderScreen();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Free question');
    expect(rows[0]).not.toHaveTextContent('Story choice');
    expect(rows[1]).toHaveTextContent('Story choice: Your childhood');
    expect(rows[1]).not.toHaveTextContent('Free question');
  });

  it('keeps the shared search box disabled on this path', async () => {
    mockServer();
    renderScreen();
    await screen.findByRole('table');
    expect(screen.getByRole('searchbox', { name: 'Search chat logs' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('explains where exchanges come from when there are none yet', async () => {
    mockServer({ logs: [] });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'No exchanges yet' })).toBeInTheDocument();
    expect(screen.getByText(/Interact tab/)).toHaveTextContent(/share link/);
  });

  it('offers to clear filters when nothing matches them', async () => {
    mockServer({ logs: [ANSWERED] });
    renderScreen('/training/chat_logs?decision=fallback');
    expect(
      await screen.findByRole('heading', { name: 'No exchanges match these filters' }),
    ).toBeInTheDocument();
  });
});
