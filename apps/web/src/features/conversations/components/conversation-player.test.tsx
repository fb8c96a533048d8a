import {
  CANNOT_ANSWER_MESSAGE,
  VISITOR_RATE_LIMIT_MESSAGE,
  type PublicAskResponse,
} from '@conversa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import {
  STORYFILE_TURN_TEXT,
  TYPE_INSTEAD_MESSAGE,
  type PlayerAskInput,
} from '../utils/player-machine';
import { ConversationPlayer } from './conversation-player';

const clip = (id: string) => ({
  url: `/media/${id}/video.mp4?access_token=x`,
  posterUrl: `/media/${id}/poster.jpg?access_token=x`,
  captionsUrl: null,
  areCaptionsAutomatic: false,
  said: null,
});
const answer: PublicAskResponse = {
  conversationId: '6f1d2c9e-0000-4000-8000-000000000001',
  exchangeId: '6f1d2c9e-0000-4000-8000-0000000000e1',
  decision: { kind: 'answer', questionId: 'q-1' },
  media: { ...clip('answer-1'), expiresAt: '2030-01-01T00:00:00.000Z' },
  message: null,
  clarification: null,
  suggestions: [],
  topics: [],
};

function speakingVideo(): HTMLVideoElement | null {
  return document.querySelector('video[aria-label="Rose, speaking"]');
}

function renderPlayer(ask: (input: PlayerAskInput) => Promise<PublicAskResponse>) {
  return renderWithProviders(
    <ConversationPlayer
      name="Rose"
      language="en-US"
      clips={{ idle: clip('idle'), intro: clip('intro') }}
      starters={[{ questionId: 'q-1', text: 'Where did you grow up?' }]}
      ask={ask}
    />,
  );
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
});

describe('ConversationPlayer', () => {
  // Issue 15, defect 7: after Start, focus fell to the page body (the box was still disabled).
  it('moves focus to the question box after "Start the conversation"', async () => {
    const user = userEvent.setup();
    renderPlayer(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    expect(screen.getByLabelText('Ask Rose a question')).toHaveFocus();
  });

  // A storyfile without an idle clip showed its name under the Start button, overlapping it.
  it('names the storyfile in the idle placeholder only once the conversation started', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ConversationPlayer
        name="Rose"
        language="en-US"
        clips={{ idle: null, intro: null }}
        starters={[]}
        ask={vi.fn()}
      />,
    );
    expect(screen.queryByText('Rose')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    expect(screen.getByText('Rose')).toBeVisible();
  });

  // Issue 15, defect 9: an empty typed question was asked and logged as "(nothing heard)", Typed.
  it('refuses an empty typed question without asking', async () => {
    const user = userEvent.setup();
    const ask = vi.fn().mockResolvedValue(answer);
    renderPlayer(ask);
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);
    await user.type(screen.getByLabelText('Ask Rose a question'), '   {Enter}');
    expect(ask).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Type a question before asking.');
    await user.type(screen.getByLabelText('Ask Rose a question'), 'hi');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // Issue 44, item 20: the author's written intro was ignored while the intro clip was unrecorded.
  it('greets on Start with the author’s written intro when the intro clip is not recorded', async () => {
    const user = userEvent.setup();
    const greeting = "Hello, I'm Rose. Ask me about the farm!";
    renderWithProviders(
      <ConversationPlayer
        name="Rose"
        language="en-US"
        clips={{ idle: clip('idle'), intro: null, introText: `  ${greeting}\n` }}
        starters={[{ questionId: 'q-1', text: 'Where did you grow up?' }]}
        ask={vi.fn()}
      />,
    );
    expect(screen.queryByText(greeting)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    // In the clip's place, and in the transcript as the storyfile's first turn.
    expect(screen.getAllByText(greeting)).toHaveLength(2);
    expect(speakingVideo()).toBeNull();
    expect(screen.getByLabelText('Ask Rose a question')).toBeEnabled();
  });

  it('loops the idle clip muted until Start, then plays the intro and offers the starters', async () => {
    const user = userEvent.setup();
    renderPlayer(vi.fn());
    const idle = document.querySelector<HTMLVideoElement>('video[aria-label="Rose, listening"]')!;
    expect(idle.muted).toBe(true);
    expect(idle.loop).toBe(true);
    expect(screen.getByLabelText('Ask Rose a question')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    expect(speakingVideo()?.getAttribute('src')).toContain('/media/intro/');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Conversation starters' })).toBeNull();

    fireEvent.ended(speakingVideo()!);
    expect(speakingVideo()).toBeNull();
    expect(screen.getByRole('button', { name: 'Where did you grow up?' })).toBeInTheDocument();
  });

  it('asks a typed question on Enter, plays the answer and returns to the idle loop', async () => {
    const user = userEvent.setup();
    const ask = vi.fn().mockResolvedValue(answer);
    renderPlayer(ask);
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    await user.type(screen.getByLabelText('Ask Rose a question'), 'where were you raised{Enter}');
    expect(ask).toHaveBeenCalledWith({ text: 'where were you raised', inputMode: 'typed' });
    expect(speakingVideo()?.getAttribute('src')).toContain('/media/answer-1/');
    expect(screen.getByLabelText('Ask Rose a question')).toHaveValue('');
    expect(screen.getByText('where were you raised')).toBeInTheDocument();

    fireEvent.ended(speakingVideo()!);
    expect(speakingVideo()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Where did you grow up?' }));
    expect(ask).toHaveBeenLastCalledWith({
      text: 'Where did you grow up?',
      inputMode: 'typed',
      conversationId: answer.conversationId,
    });
  });

  // Issue 15, defect 10: at 1400×900 the newest exchange arrived below the fold.
  it('brings each new exchange into view on the page, by as little as needed', async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
      options?: boolean | ScrollIntoViewOptions,
    ) {
      scrolled.push({ element: this, options });
    });
    const user = userEvent.setup();
    renderPlayer(vi.fn().mockResolvedValue(answer));
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);
    expect(scrolled).toEqual([]);
    await user.type(screen.getByLabelText('Ask Rose a question'), 'where were you raised{Enter}');
    const transcript = within(screen.getByRole('region', { name: 'Transcript' })).getByRole('list');
    await waitFor(() => {
      const newest = transcript.lastElementChild;
      expect(scrolled.at(-1)).toEqual({ element: newest, options: { block: 'nearest' } });
    });
    expect(transcript).toHaveTextContent('where were you raised');
  });

  it('shows the answer with its captions on by default, and no captions track without them', async () => {
    const user = userEvent.setup();
    const captionsUrl = '/media/answer-1/captions.vtt?access_token=x';
    renderPlayer(
      vi
        .fn()
        .mockResolvedValueOnce({ ...answer, media: { ...answer.media!, captionsUrl } })
        .mockResolvedValueOnce(answer),
    );
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    // The intro clip has no captions.
    expect(speakingVideo()!.querySelector('track')).toBeNull();
    fireEvent.ended(speakingVideo()!);

    await user.type(screen.getByLabelText('Ask Rose a question'), 'where were you raised{Enter}');
    const track = speakingVideo()!.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe(captionsUrl);
    expect(track.getAttribute('srclang')).toBe('en-US');
    expect(track.getAttribute('label')).toBe('Captions');
    expect(track.hasAttribute('default')).toBe(true);
    fireEvent.ended(speakingVideo()!);

    await user.type(screen.getByLabelText('Ask Rose a question'), 'and then?{Enter}');
    expect(speakingVideo()!.querySelector('track')).toBeNull();
  });

  // Issue 41: a visible captions switch rather than the browser's menu, on by default, kept
  // from one answer to the next.
  it('turns the captions off and on with a visible toggle that the next answer keeps', async () => {
    const user = userEvent.setup();
    const captionsUrl = '/media/answer-1/captions.vtt?access_token=x';
    const withCaptions = { ...answer, media: { ...answer.media!, captionsUrl } };
    renderPlayer(vi.fn().mockResolvedValue(withCaptions));
    expect(screen.queryByRole('button', { name: /captions/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);
    await user.type(screen.getByLabelText('Ask Rose a question'), 'where were you raised{Enter}');

    const toggle = screen.getByRole('button', { name: 'Captions on' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(speakingVideo()!.querySelector('track')!.hasAttribute('default')).toBe(true);
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Captions off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(speakingVideo()!.querySelector('track')!.hasAttribute('default')).toBe(false);

    fireEvent.ended(speakingVideo()!);
    await user.type(screen.getByLabelText('Ask Rose a question'), 'and then?{Enter}');
    expect(speakingVideo()!.querySelector('track')!.hasAttribute('default')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Captions off' }));
    expect(speakingVideo()!.querySelector('track')!.hasAttribute('default')).toBe(true);
  });

  it('shows the server text when the fallback clip is not recorded', async () => {
    const user = userEvent.setup();
    renderPlayer(
      vi.fn().mockResolvedValue({
        ...answer,
        decision: { kind: 'fallback', reason: 'off-topic' },
        media: null,
        message: CANNOT_ANSWER_MESSAGE,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);
    await user.type(screen.getByLabelText('Ask Rose a question'), 'zxqv blorf{Enter}');
    expect(speakingVideo()).toBeNull();
    expect(screen.getAllByText(CANNOT_ANSWER_MESSAGE)[0]).toBeInTheDocument();
  });

  it('keeps the question and shows the 429 message when the ask is refused', async () => {
    const user = userEvent.setup();
    renderPlayer(
      vi.fn().mockRejectedValue(new ApiError(VISITOR_RATE_LIMIT_MESSAGE, 429, 'TOO_MANY_REQUESTS')),
    );
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    await user.type(screen.getByLabelText('Ask Rose a question'), 'hello there{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(VISITOR_RATE_LIMIT_MESSAGE);
    expect(screen.getByLabelText('Ask Rose a question')).toHaveValue('hello there');
  });

  it('hides the microphone where the browser has no speech recognition', () => {
    renderPlayer(vi.fn());
    expect(screen.queryByRole('button', { name: 'Ask by voice' })).toBeNull();
  });

  it('asks spoken questions, and empty spoken text when the words were not understood', async () => {
    const instances: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start = vi.fn(() => instances.push(this));
      stop = vi.fn();
      abort = vi.fn();
    }
    (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    const ask = vi.fn().mockResolvedValue(answer);
    renderPlayer(ask);
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));

    await user.click(screen.getByRole('button', { name: 'Ask by voice' }));
    expect(instances[0]?.lang).toBe('en-US');
    act(() => {
      instances[0]!.onresult?.({ results: [[{ transcript: 'where were you raised' }]] });
      instances[0]!.onend?.();
    });
    await waitFor(() =>
      expect(ask).toHaveBeenLastCalledWith({ text: 'where were you raised', inputMode: 'spoken' }),
    );

    fireEvent.ended(speakingVideo()!);
    await user.click(screen.getByRole('button', { name: 'Ask by voice' }));
    act(() => {
      instances[1]!.onerror?.({ error: 'no-match' });
      instances[1]!.onend?.();
    });
    expect(ask).toHaveBeenLastCalledWith(
      expect.objectContaining({ text: '', inputMode: 'spoken' }),
    );
  });

  // Issue 44: the editor's player says "The end."; Interact's choices just vanished.
  it('says the ink story has ended', async () => {
    const user = userEvent.setup();
    const ended: PublicAskResponse = {
      ...answer,
      media: null,
      message: null,
      decision: { kind: 'story' },
      story: {
        versionNumber: 1,
        turn: 'choice',
        choiceText: 'Goodbye',
        lines: [{ text: 'Farewell, then.', media: null }],
        choices: [],
        hasEnded: true,
        notice: null,
      },
    };
    renderPlayer(vi.fn().mockResolvedValue(ended));
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);
    await user.type(screen.getByLabelText('Ask Rose a question'), 'Goodbye{Enter}');
    expect(await screen.findByText('The end.')).toBeVisible();
  });

  // Issue 42, item 2: please repeat for what was not heard; after two spoken tries, the typed box
  // and the storyfile's suggestions.
  it('plays please-repeat for a misheard spoken question, and after two tries offers the suggestions and the typed box', async () => {
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
    const pleaseRepeat = (id: string, offer: boolean): PublicAskResponse => ({
      ...answer,
      exchangeId: `6f1d2c9e-0000-4000-8000-0000000000${id}`,
      decision: { kind: 'fallback', reason: 'not-confident' },
      media: { ...clip('please-repeat'), expiresAt: '2030-01-01T00:00:00.000Z' },
      // The server offers the topics and starters on the second fallback in a row.
      clarification: offer ? 'topics-and-starters' : null,
      suggestions: offer ? [{ questionId: 'q-2', questionText: 'What was your first job?' }] : [],
      topics: offer ? [{ topicId: 't-1', name: 'Work', suggestions: [] }] : [],
    });
    const ask = vi
      .fn()
      .mockResolvedValueOnce(pleaseRepeat('f1', false))
      .mockResolvedValueOnce(pleaseRepeat('f2', true));
    const user = userEvent.setup();
    renderPlayer(ask);
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    fireEvent.ended(speakingVideo()!);

    const sayGarbage = async (index: number) => {
      await user.click(screen.getByRole('button', { name: 'Ask by voice' }));
      act(() => {
        instances[index]!.onresult?.({ results: [[{ transcript: 'job you not be risk' }]] });
        instances[index]!.onend?.();
      });
      await waitFor(() => expect(ask).toHaveBeenCalledTimes(index + 1));
    };

    await sayGarbage(0);
    await waitFor(() => expect(speakingVideo()?.src).toContain('/media/please-repeat/'));
    expect(screen.getAllByText(STORYFILE_TURN_TEXT.pleaseRepeat)).toHaveLength(1);
    // One try is not enough to give up on the voice.
    expect(screen.queryByText(TYPE_INSTEAD_MESSAGE)).toBeNull();
    fireEvent.ended(speakingVideo()!);
    // The next spoken try is allowed.
    expect(screen.getByRole('button', { name: 'Ask by voice' })).toBeEnabled();

    await sayGarbage(1);
    await waitFor(() => expect(screen.getByText(TYPE_INSTEAD_MESSAGE)).toBeInTheDocument());
    expect(screen.getAllByText(STORYFILE_TURN_TEXT.pleaseRepeat)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'What was your first job?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ask Rose a question')).toHaveFocus();
  });
});
