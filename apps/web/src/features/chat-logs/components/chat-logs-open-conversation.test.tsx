import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_ID,
  mockServer,
  renderScreen,
  setUpChatLogsServer,
} from './chat-logs-screen.fixtures';

setUpChatLogsServer();

describe('ChatLogsScreen: a conversation opened from its row', () => {
  it('opens a conversation from its row, with a playable answer, and closes it on Escape', async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Where did you grow up?' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(screen.getByTestId('location')).toHaveTextContent(`conversation=${CONVERSATION_ID}`);
    const transcript = await within(panel).findByRole('list', { name: 'Transcript' });
    const exchanges = within(transcript).getAllByRole('listitem');
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]).toHaveTextContent('Where did you grow up?');
    expect(exchanges[1]).toHaveTextContent('zorblax quantum pickles');
    const video = within(panel).getByLabelText('Answer to “Where did you grow up?”');
    expect(video).toHaveAttribute('src', '/media/v1/answer.mp4?access_token=t');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).not.toHaveTextContent('conversation=');
  });

  // Issue 15, defect 10: the transcript opened at the conversation's start, not at the row clicked.
  it('opens the transcript at the exchange whose row was clicked, marked and focused', async () => {
    mockServer();
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(Element.prototype, 'scrollIntoView')
      .mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'zorblax quantum pickles' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation' });
    expect(screen.getByTestId('location')).toHaveTextContent(
      `conversation=${CONVERSATION_ID}&exchange=e2`,
    );
    const transcript = await within(panel).findByRole('list', { name: 'Transcript' });
    const [first, clicked] = within(transcript).getAllByRole('listitem');
    await waitFor(() => expect(clicked).toHaveFocus());
    expect(clicked).toHaveAttribute('aria-current', 'true');
    expect(clicked).toHaveTextContent('The exchange you opened');
    expect(first).not.toHaveAttribute('aria-current');
    expect(scrolled).toContain(clicked);
    scrollIntoView.mockRestore();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).not.toHaveTextContent('exchange=');
  });
});
