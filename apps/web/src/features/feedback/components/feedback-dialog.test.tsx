import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { buildExternalFormUrl, FeedbackDialog } from './feedback-dialog';

type Call = { url: string; method: string; body: unknown; headers: Record<string, string> };
let calls: Call[] = [];

function mockServer(formUrl: string | null, createStatus = 201) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body === undefined ? undefined : JSON.parse(init.body as string),
        headers: init.headers as Record<string, string>,
      });
      if (url === '/v1/conversa/feedback/config') {
        return Promise.resolve(Response.json({ formUrl }));
      }
      return Promise.resolve(
        createStatus === 201
          ? Response.json({ id: '6f1c2f53-5d7e-4c8a-9a55-0c7d7f1f3b11' }, { status: 201 })
          : Response.json(
              { statusCode: createStatus, error: 'BAD_REQUEST', message: 'Invalid request.' },
              { status: createStatus },
            ),
      );
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(kind: 'feedback' | 'bug', onOpenChange = vi.fn()) {
  renderWithProviders(<FeedbackDialog kind={kind} isOpen onOpenChange={onOpenChange} />, {
    path: '/topics?search=intro',
  });
  return onOpenChange;
}

describe('FeedbackDialog', () => {
  it('stores a bug report with the page address, closes and shows a toast', async () => {
    mockServer(null);
    const user = userEvent.setup();
    const onOpenChange = renderDialog('bug');
    const dialog = await screen.findByRole('dialog', { name: 'Report a Bug' });
    const message = await screen.findByLabelText('What went wrong?');
    expect(message).toHaveFocus();
    await user.type(message, 'The Search button stays grey.');
    await user.type(screen.getByLabelText(/Email for a reply/), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/v1/conversa/feedback');
    expect(post.headers['x-system-id']).toBe('conversa-studio-web');
    expect(post.body).toEqual({
      kind: 'bug',
      message: 'The Search button stays grey.',
      pageUrl: window.location.href,
      email: 'me@example.com',
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'Thank you! Your message has been sent.',
    );
    expect(dialog).toBeInTheDocument();
  });

  it.each([
    ['', '', 'Write a message before sending.'],
    ['Nice menu', 'me@', 'Enter a valid email address, or leave it empty.'],
  ])('checks message %j and email %j before sending', async (text, email, error) => {
    mockServer(null);
    const user = userEvent.setup();
    renderDialog('feedback');
    const message = await screen.findByLabelText('Your feedback');
    if (text) {
      await user.type(message, text);
    }
    if (email) {
      await user.type(screen.getByLabelText(/Email for a reply/), email);
    }
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(error);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal as an Error! banner and stays open', async () => {
    mockServer(null, 400);
    const user = userEvent.setup();
    const onOpenChange = renderDialog('feedback');
    await user.type(await screen.findByLabelText('Your feedback'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error! Invalid request.');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('embeds the configured external form instead of its own', async () => {
    mockServer('https://forms.example.com/f?lang=en');
    renderDialog('feedback');
    const frame = await screen.findByTitle('Give Feedback form');
    expect(frame.getAttribute('src')).toBe(
      buildExternalFormUrl('https://forms.example.com/f?lang=en', 'feedback', window.location.href),
    );
    expect(frame.getAttribute('src')).toMatch(
      /^https:\/\/forms\.example\.com\/f\?lang=en&kind=feedback&page=/,
    );
    expect(screen.queryByLabelText('Your feedback')).not.toBeInTheDocument();
  });
});
