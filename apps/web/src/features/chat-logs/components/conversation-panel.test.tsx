import type { ConversationEntry, ConversationTranscript } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConversationPanel } from './conversation-panel';

const CONVERSATION_ID = '5c0a7a35-2f5e-4b84-8d63-1f1f2b7a9c01';
const exchange: Omit<
  ConversationEntry,
  | 'id'
  | 'questionText'
  | 'decision'
  | 'answerQuestionId'
  | 'answerQuestionText'
  | 'score'
  | 'confidence'
  | 'feedback'
  | 'createdAt'
> = {
  conversationId: CONVERSATION_ID,
  storyfileId: 's1',
  storyfileName: 'Ada Lovelace',
  channel: 'learning',
  inputMode: 'typed',
  fallbackReason: null,
  matchedQuestionId: null,
  matchedQuestionText: null,
  inkTurn: null,
  inkChoiceText: null,
  clarification: null,
  suggestions: [],
  chosenFromExchangeId: null,
  media: null,
};

// Issue 54, item 7: a student's thumbs showed only in Response quality, under "Studio test".
const STUDENT_CONVERSATION: ConversationTranscript = {
  id: CONVERSATION_ID,
  storyfileId: 's1',
  storyfileName: 'Ada Lovelace',
  channel: 'learning',
  startedAt: '2026-03-01T09:00:00.000Z',
  lastAt: '2026-03-01T09:02:00.000Z',
  entries: [
    {
      ...exchange,
      id: 'e1',
      questionText: 'What was the engine?',
      decision: 'answered',
      answerQuestionId: 'q1',
      answerQuestionText: 'What was the engine?',
      score: 1,
      confidence: 'exact',
      feedback: 'down',
      createdAt: '2026-03-01T09:01:00.000Z',
    },
    {
      ...exchange,
      id: 'e2',
      questionText: 'Who were your friends?',
      decision: 'answered',
      answerQuestionId: 'q2',
      answerQuestionText: 'Who were your friends?',
      score: 1,
      confidence: 'exact',
      feedback: null,
      createdAt: '2026-03-01T09:02:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ConversationPanel', () => {
  it("shows a student's ratings on their exchanges and names the learning player", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(STUDENT_CONVERSATION))),
    );
    renderWithProviders(
      <ConversationPanel conversationId={CONVERSATION_ID} onClose={() => undefined} />,
    );
    const panel = await screen.findByRole('dialog', { name: 'Conversation' });
    const transcript = await within(panel).findByRole('list', { name: 'Transcript' });
    const [rated, notRated] = within(transcript).getAllByRole('listitem');
    expect(rated).toHaveTextContent('Rated thumbs down');
    expect(notRated).not.toHaveTextContent(/Rated thumbs/);
    expect(panel).toHaveTextContent('Learning player');
    expect(panel).not.toHaveTextContent('Studio test');
  });
});
