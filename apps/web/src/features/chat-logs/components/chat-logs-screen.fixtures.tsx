// The chat logs screen tests' shared set-up: entries, a transcript, storyfile summaries, a stubbed
// server that records what it was asked, and the screen rendered at an address.
import { screen } from '@testing-library/react';
import type { ChatLogEntry, ConversationTranscript, StoryfileSummary } from '@conversa/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChatLogsScreen } from './chat-logs-screen';

export const STORYFILE_ID = '0b6f3c1e-8d2a-4f4e-9a51-6a3c2b7d9e10';
export const CONVERSATION_ID = '5c0a7a35-2f5e-4b84-8d63-1f1f2b7a9c01';

export function buildEntry(overrides: Partial<ChatLogEntry>): ChatLogEntry {
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

export const ANSWERED = buildEntry({
  id: 'e1',
  inkTurn: 'choice',
  inkChoiceText: 'Your childhood',
});
export const FALLBACK = buildEntry({
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

export const TRANSCRIPT: ConversationTranscript = {
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

export let requested: URL[] = [];

export type StoryfileRow = { id: string; name: string };

export function buildSummary({ id, name }: StoryfileRow): StoryfileSummary {
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
export function mockServer({
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

/** The query parameters of the address the screen is at. */
export function readAddressFilters(): Record<string, string> {
  const address = screen.getByTestId('location').textContent ?? '';
  return Object.fromEntries(new URL(address, 'http://studio').searchParams);
}

export function renderScreen(path = '/training/chat_logs') {
  return renderWithProviders(<ChatLogsScreen timeZone="America/Los_Angeles" />, {
    path,
    routePath: '/training/chat_logs',
  });
}

/** Clears the requests seen before each test and the stubbed fetch after it. */
export function setUpChatLogsServer(): void {
  beforeEach(() => {
    requested = [];
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
