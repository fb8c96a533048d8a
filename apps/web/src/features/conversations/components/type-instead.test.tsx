// Issue 68, item 4: after two misheard spoken tries the player said "or choose one below" with
// nothing below to choose. It says so only when something can be pressed.
import type { PublicAskResponse } from '@conversa/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TYPE_INSTEAD_MESSAGE, TYPE_ONLY_MESSAGE } from '../utils/player-machine';
import { ConversationPlayer } from './conversation-player';

const pleaseRepeat: PublicAskResponse = {
  conversationId: '6f1d2c9e-0000-4000-8000-000000000001',
  exchangeId: '6f1d2c9e-0000-4000-8000-0000000000e1',
  decision: { kind: 'fallback', reason: 'not-confident' },
  media: null,
  message: "Sorry, I didn't catch that. Could you say it again?",
  // A storyfile with no recorded answer: the server offers nothing, even on the second try.
  clarification: null,
  suggestions: [],
  topics: [],
};

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
});

describe('after two spoken tries not heard', () => {
  it('with nothing to choose, asks for the typed box alone', async () => {
    const instances: { onresult: ((event: unknown) => void) | null; onend: (() => void) | null }[] =
      [];
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start = vi.fn(() => instances.push(this));
      stop = vi.fn();
      abort = vi.fn();
    }
    (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    const ask = vi.fn().mockResolvedValue(pleaseRepeat);
    const user = userEvent.setup();
    renderWithProviders(
      <ConversationPlayer
        name="Rose"
        language="en-US"
        clips={{ idle: null, intro: null }}
        starters={[]}
        ask={ask}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    for (const index of [0, 1]) {
      await user.click(screen.getByRole('button', { name: 'Ask by voice' }));
      act(() => {
        instances[index]!.onresult?.({ results: [[{ transcript: 'or lot do you' }]] });
        instances[index]!.onend?.();
      });
      await waitFor(() => expect(ask).toHaveBeenCalledTimes(index + 1));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Ask by voice' })).toBeEnabled(),
      );
    }
    expect(await screen.findByText(TYPE_ONLY_MESSAGE)).toBeVisible();
    expect(TYPE_ONLY_MESSAGE).toBe("I still didn't catch that. Type your question in the box.");
    expect(screen.queryByText(TYPE_INSTEAD_MESSAGE)).toBeNull();
  });
});
