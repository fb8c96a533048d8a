// Issue 40, item 3: the player asks back ("Did you mean…?") with real, keyboard-reachable
// buttons in a live region; pressing one plays its answer and focus moves to it. Issue 68, item 4:
// the topics it offers are buttons too.
import { CLARIFY_MESSAGE, type AskSuggestion, type PublicAskResponse } from '@conversa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { PlayerAskInput } from '../utils/player-machine';
import { TOPICS_LABEL } from './clarification-offer';
import { ConversationPlayer } from './conversation-player';

const clip = (id: string) => ({
  url: `/media/${id}/video.mp4?access_token=x`,
  posterUrl: `/media/${id}/poster.jpg?access_token=x`,
  captionsUrl: null,
  areCaptionsAutomatic: false,
  said: null,
});
const CONVERSATION = '6f1d2c9e-0000-4000-8000-000000000001';
const OFFERING = '6f1d2c9e-0000-4000-8000-0000000000e1';
const MOVIE: AskSuggestion = {
  questionId: 'q-movie',
  questionText: 'What is your favourite movie?',
};
const JOB: AskSuggestion = { questionId: 'q-job', questionText: 'What do you do for a living?' };

const BORN: AskSuggestion = { questionId: 'q-born', questionText: 'Where were you born?' };
const didYouMean: PublicAskResponse = {
  conversationId: CONVERSATION,
  exchangeId: OFFERING,
  decision: { kind: 'fallback', reason: 'off-topic' },
  media: null,
  message: CLARIFY_MESSAGE,
  clarification: 'did-you-mean',
  suggestions: [MOVIE, JOB],
  topics: [],
};
const movieAnswer: PublicAskResponse = {
  conversationId: CONVERSATION,
  exchangeId: '6f1d2c9e-0000-4000-8000-0000000000e2',
  decision: { kind: 'answer', questionId: MOVIE.questionId },
  media: { ...clip('movie'), expiresAt: '2030-01-01T00:00:00.000Z' },
  message: null,
  clarification: null,
  suggestions: [],
  topics: [],
};

const guide: PublicAskResponse = {
  ...didYouMean,
  media: { ...clip('cannot'), expiresAt: '2030-01-01T00:00:00.000Z' },
  message: null,
  clarification: 'topics-and-starters',
  suggestions: [JOB],
  topics: [
    { topicId: 't-1', name: 'Life', suggestions: [BORN, MOVIE] },
    { topicId: 't-2', name: 'Work', suggestions: [JOB] },
  ],
};

function renderPlayer(ask: (input: PlayerAskInput) => Promise<PublicAskResponse>) {
  return renderWithProviders(
    <ConversationPlayer
      name="Rose"
      language="en-US"
      clips={{ idle: clip('idle'), intro: null }}
      starters={[]}
      ask={ask}
    />,
  );
}

async function askParaphrase(ask: (input: PlayerAskInput) => Promise<PublicAskResponse>) {
  const user = userEvent.setup();
  renderPlayer(ask);
  await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
  await user.type(screen.getByLabelText('Ask Rose a question'), 'a film you love{Enter}');
  return user;
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConversationPlayer asking back', () => {
  it('announces "Did you mean…?" with the recorded questions as buttons', async () => {
    const ask = vi.fn().mockResolvedValue(didYouMean);
    await askParaphrase(ask);
    const offer = await screen.findByRole('region', { name: 'Did you mean…?' });
    expect(offer.closest('[aria-live="polite"]')).not.toBeNull();
    const buttons = within(offer).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      MOVIE.questionText,
      JOB.questionText,
    ]);
    expect(buttons.every((button) => button.tagName === 'BUTTON')).toBe(true);
    // Said over the player (and in the transcript) instead of the cannot-answer clip.
    expect(screen.getAllByText(CLARIFY_MESSAGE).length).toBeGreaterThan(0);
  });

  it('reaches the buttons by keyboard; pressing one asks for that answer and focus moves to it', async () => {
    const ask = vi.fn().mockResolvedValueOnce(didYouMean).mockResolvedValueOnce(movieAnswer);
    const user = await askParaphrase(ask);
    await screen.findByRole('region', { name: 'Did you mean…?' });
    const movie = screen.getByRole('button', { name: MOVIE.questionText });
    // The offer sits above the question box: Shift+Tab from the box reaches its buttons.
    screen.getByLabelText('Ask Rose a question').focus();
    for (let step = 0; step < 10 && document.activeElement !== movie; step += 1) {
      await user.tab({ shift: true });
    }
    expect(movie).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(ask).toHaveBeenLastCalledWith({
      text: MOVIE.questionText,
      inputMode: 'typed',
      conversationId: CONVERSATION,
      suggestion: { exchangeId: OFFERING, questionId: MOVIE.questionId },
    });
    const video = await waitFor(() => {
      const speaking = document.querySelector<HTMLVideoElement>(
        'video[aria-label="Rose, speaking"]',
      );
      expect(speaking).not.toBeNull();
      return speaking!;
    });
    expect(video.src).toContain('/media/movie/');
    await waitFor(() => expect(video).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Did you mean…?' })).toBeNull();
    fireEvent.ended(video);
  });

  it('on a near-tie lists only the answers that are not already playing', async () => {
    const tie: PublicAskResponse = {
      ...movieAnswer,
      clarification: 'did-you-mean',
      suggestions: [MOVIE, JOB],
    };
    await askParaphrase(vi.fn().mockResolvedValue(tie));
    const offer = await screen.findByRole('region', { name: 'Did you mean…?' });
    expect(
      within(offer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([JOB.questionText]);
  });

  it('after two fallbacks in a row offers the topics and the starters', async () => {
    await askParaphrase(vi.fn().mockResolvedValue(guide));
    const offer = await screen.findByRole('region', { name: 'You could ask me about' });
    const topics = within(offer).getByRole('list', { name: TOPICS_LABEL });
    expect(
      within(topics)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Life', 'Work']);
    expect(within(offer).getByRole('button', { name: JOB.questionText })).toBeEnabled();
  });

  // Issue 68, item 4: a topic shown is a way on. Pressing it shows its recorded questions, focus
  // moves to the first, and pressing one asks for that answer as the exchange's suggestion.
  it("shows a pressed topic's recorded questions, moves focus to them, and plays the one pressed", async () => {
    const ask = vi.fn().mockResolvedValueOnce(guide).mockResolvedValueOnce(movieAnswer);
    const user = await askParaphrase(ask);
    const offer = await screen.findByRole('region', { name: 'You could ask me about' });
    const life = within(offer).getByRole('button', { name: 'Life' });
    expect(life).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: MOVIE.questionText })).toBeNull();
    // By keyboard: Shift+Tab from the question box reaches the topic, Enter opens it.
    screen.getByLabelText('Ask Rose a question').focus();
    for (let step = 0; step < 12 && document.activeElement !== life; step += 1) {
      await user.tab({ shift: true });
    }
    expect(life).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(life).toHaveAttribute('aria-expanded', 'true');
    const questions = within(offer).getByRole('list', { name: 'Questions about Life' });
    expect(
      within(questions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([BORN.questionText, MOVIE.questionText]);
    await waitFor(() =>
      expect(within(questions).getByRole('button', { name: BORN.questionText })).toHaveFocus(),
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(ask).toHaveBeenLastCalledWith({
      text: MOVIE.questionText,
      inputMode: 'typed',
      conversationId: CONVERSATION,
      suggestion: { exchangeId: OFFERING, questionId: MOVIE.questionId },
    });
  });
});
