import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatLogEntry, ConversationTranscript, StoryfileSummary } from '@conversa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { getRecentActivity } from '@/lib/recent-activity';
import { ChatLogsScreen } from './chat-logs-screen';

const STORYFILE_ID = '0b6f3c1e-8d2a-4f4e-9a51-6a3c2b7d9e10';
const CONVERSATION_ID = '5c0a7a35-2f5e-4b84-8d63-1f1f2b7a9c01';

function buildEntry(overrides: Partial<ChatLogEntry>): ChatLogEntry {
  return {
    id: 'e1',
    conversationId: CONVERSATION_ID,
    storyfileId: STORYFILE_ID,
    storyfileName: 'Grandma Rose',
    channel: 'studio',
    questionText: 'Where did you grow up?',
    inputMode: 'typed',
    decision: 'answered',
    fallbackReason: null,
    answerQuestionId: 'q1',
    answerQuestionText: 'Where did you grow up?',
    matchedQuestionId: null,
    matchedQuestionText: null,
    score: 0.97,
    confidence: 'exact',
    inkTurn: null,
    inkChoiceText: null,
    clarification: null,
    suggestions: [],
    chosenFromExchangeId: null,
    feedback: null,
    createdAt: '2026-11-21T17:04:00.000Z',
    ...overrides,
  };
}

const ANSWERED = buildEntry({ id: 'e1', inkTurn: 'choice', inkChoiceText: 'Your childhood' });
const FALLBACK = buildEntry({
  id: 'e2',
  questionText: 'zorblax quantum pickles',
  decision: 'fallback',
  fallbackReason: 'off-topic',
  answerQuestionId: null,
  answerQuestionText: null,
  score: 0.03,
  confidence: 'off-topic',
  inkTurn: 'free',
  createdAt: '2026-11-21T17:05:00.000Z',
});

const TRANSCRIPT: ConversationTranscript = {
  id: CONVERSATION_ID,
  storyfileId: STORYFILE_ID,
  storyfileName: 'Grandma Rose',
  channel: 'studio',
  startedAt: ANSWERED.createdAt,
  lastAt: FALLBACK.createdAt,
  entries: [
    {
      ...ANSWERED,
      media: {
        url: '/media/v1/answer.mp4?access_token=t',
        posterUrl: '/media/v1/poster.jpg?access_token=t',
        captionsUrl: null,
        areCaptionsAutomatic: false,
        said: null,
        expiresAt: '2026-11-21T18:00:00.000Z',
      },
    },
    { ...FALLBACK, media: null },
  ],
};

let requested: URL[] = [];

type StoryfileRow = { id: string; name: string };

function buildSummary({ id, name }: StoryfileRow): StoryfileSummary {
  return {
    id,
    namespaceId: 'ns-1',
    namespaceLabel: 'acme',
    name,
    description: '',
    language: 'en-US',
    status: 'ready',
    avatarUrl: null,
    topicCount: 0,
    questionCount: 0,
    answeredCount: 0,
    createdAt: ANSWERED.createdAt,
    updatedAt: ANSWERED.createdAt,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
  };
}

/** `storyfiles` the list endpoint knows; it answers a page of `shown` at most, like the server's. */
function mockServer({
  logs = [FALLBACK, ANSWERED],
  storyfiles = [],
  shown = 100,
}: { logs?: ChatLogEntry[]; storyfiles?: StoryfileRow[]; shown?: number } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://studio');
      requested.push(url);
      if (url.pathname === '/v1/conversa/chat-logs') {
        const decision = url.searchParams.get('decision');
        const items = logs.filter((entry) => decision === null || entry.decision === decision);
        return Promise.resolve(
          Response.json({ items, page: 1, pageSize: 30, total: items.length, pageCount: 1 }),
        );
      }
      if (url.pathname === '/v1/conversa/storyfiles') {
        const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/);
        const matching = storyfiles.filter((storyfile) =>
          words.every((word) => storyfile.name.toLowerCase().includes(word)),
        );
        return Promise.resolve(
          Response.json({
            items: matching.slice(0, shown).map(buildSummary),
            page: 1,
            pageSize: 100,
            total: matching.length,
            pageCount: Math.max(1, Math.ceil(matching.length / shown)),
          }),
        );
      }
      const storyfile = storyfiles.find(
        (candidate) => url.pathname === `/v1/conversa/storyfiles/${candidate.id}`,
      );
      if (storyfile) {
        return Promise.resolve(
          Response.json({ ...buildSummary(storyfile), topics: [], clips: [], starters: [] }),
        );
      }
      if (url.pathname === `/v1/conversa/conversations/${CONVERSATION_ID}`) {
        return Promise.resolve(Response.json(TRANSCRIPT));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

beforeEach(() => {
  requested = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The query parameters of the address the screen is at. */
function readAddressFilters(): Record<string, string> {
  const address = screen.getByTestId('location').textContent ?? '';
  return Object.fromEntries(new URL(address, 'http://studio').searchParams);
}

function renderScreen(path = '/training/chat_logs') {
  return renderWithProviders(<ChatLogsScreen timeZone="America/Los_Angeles" />, {
    path,
    routePath: '/training/chat_logs',
  });
}

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
