import {
  CANNOT_ANSWER_MESSAGE,
  PLEASE_REPEAT_MESSAGE,
  type FallbackReason,
} from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAsk,
  getFallbackKind,
  INITIAL_PLAYER_STATE,
  reducePlayer,
  STORYFILE_TURN_TEXT,
  ASKED_BACK_TURN_TEXT,
  UNINTELLIGIBLE_TRANSCRIPT_TEXT,
  type PlayerAskResult,
  type PlayerEvent,
  type PlayerState,
} from './player-machine';

const intro = {
  url: '/media/intro/video.mp4?t=1',
  posterUrl: '/media/intro/poster.jpg',
  captionsUrl: null,
};
const media = (id: string) => ({
  url: `/media/${id}/video.mp4?access_token=x`,
  posterUrl: `/media/${id}/poster.jpg?access_token=x`,
  captionsUrl: `/media/${id}/captions.vtt?access_token=x`,
  areCaptionsAutomatic: false,
  said: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
});
const NOTHING_OFFERED = { clarification: null, suggestions: [], topics: [] };
const answered: PlayerAskResult = {
  conversationId: 'c-1',
  exchangeId: 'e-1',
  ...NOTHING_OFFERED,
  decision: { kind: 'answer', questionId: 'q-1' },
  media: media('answer-1'),
  message: null,
  questionText: 'Where did you grow up?',
};
const fallback = (reason: FallbackReason, hasClip: boolean): PlayerAskResult => ({
  conversationId: 'c-1',
  exchangeId: 'e-1',
  ...NOTHING_OFFERED,
  decision: { kind: 'fallback', reason },
  media: hasClip ? media(`clip-${reason}`) : null,
  message: hasClip ? null : reason === 'off-topic' ? CANNOT_ANSWER_MESSAGE : PLEASE_REPEAT_MESSAGE,
});

function run(events: PlayerEvent[], from: PlayerState = INITIAL_PLAYER_STATE): PlayerState {
  return events.reduce(reducePlayer, from);
}

describe('conversation player state machine', () => {
  it('goes idle → intro → waiting → asking → answering → back to the idle loop', () => {
    const phases: string[] = [];
    let state = INITIAL_PLAYER_STATE;
    phases.push(state.phase);
    for (const event of [
      { type: 'start', intro },
      { type: 'clipEnded' },
      { type: 'askStarted', text: 'where were you raised', inputMode: 'typed' },
      { type: 'askSucceeded', result: answered },
      { type: 'clipEnded' },
    ] satisfies PlayerEvent[]) {
      state = reducePlayer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['idle', 'intro', 'waiting', 'asking', 'answering', 'waiting']);
    expect(state.speaking).toBeNull();
    expect(state.conversationId).toBe('c-1');
  });

  it('plays the intro after Start, and goes straight to waiting without one', () => {
    expect(run([{ type: 'start', intro }]).speaking).toEqual({ kind: 'intro', clip: intro });
    const withoutIntro = run([{ type: 'start', intro: null }]);
    expect(withoutIntro.phase).toBe('waiting');
    expect(withoutIntro.speaking).toBeNull();
  });

  it('restarts the story in a new conversation at any point: its lines play, its choices return', () => {
    const story = (conversationId: string, text: string, choices: string[]): PlayerAskResult => ({
      conversationId,
      exchangeId: null,
      ...NOTHING_OFFERED,
      decision: { kind: 'story' },
      media: null,
      message: null,
      story: {
        versionNumber: 1,
        turn: 'start',
        choiceText: null,
        lines: [{ text, media: media('intro') }],
        choices: choices.map((choice, index) => ({ index, text: choice })),
        hasEnded: false,
        notice: null,
      },
    });
    const ended = run([
      { type: 'storyOpened', result: story('c-1', 'Hello!', ['Childhood']) },
      { type: 'clipEnded' },
      { type: 'askStarted', text: 'Childhood', inputMode: 'typed' },
      {
        type: 'askSucceeded',
        result: {
          ...answered,
          story: { ...story('c-1', '', []).story!, turn: 'choice', lines: [], hasEnded: true },
        },
      },
      { type: 'clipEnded' },
    ]);
    expect(ended.storyChoices).toEqual([]);
    // Interact says so, as the editor's player does (issue 44).
    expect(ended.hasStoryEnded).toBe(true);
    const restarted = run(
      [{ type: 'storyRestarted', result: story('c-2', 'Hello!', ['Childhood', 'Career']) }],
      ended,
    );
    expect(restarted).toMatchObject({
      phase: 'intro',
      conversationId: 'c-2',
      storyChoices: [
        { index: 0, text: 'Childhood' },
        { index: 1, text: 'Career' },
      ],
      transcript: [{ speaker: 'storyfile', text: 'Hello!' }],
    });
    expect(restarted.speaking?.clip.url).toBe(media('intro').url);
    expect(restarted.hasStoryEnded).toBe(false);
  });

  it('asks nothing before Start or while a question is on its way', () => {
    expect(canAsk(INITIAL_PLAYER_STATE)).toBe(false);
    expect(run([{ type: 'askStarted', text: 'hi', inputMode: 'typed' }])).toBe(
      INITIAL_PLAYER_STATE,
    );
    const asking = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'first', inputMode: 'typed' },
    ]);
    expect(canAsk(asking)).toBe(false);
    expect(reducePlayer(asking, { type: 'askStarted', text: 'second', inputMode: 'typed' })).toBe(
      asking,
    );
  });

  it('lets a question interrupt the intro or an answer', () => {
    const state = run([
      { type: 'start', intro },
      { type: 'askStarted', text: 'hello', inputMode: 'typed' },
    ]);
    expect(state.phase).toBe('asking');
    expect(state.speaking).toBeNull();
  });

  it('plays the answer video with its URL and records both turns', () => {
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: '  where were you raised ', inputMode: 'typed' },
      { type: 'askSucceeded', result: answered },
    ]);
    expect(state.speaking).toEqual({
      kind: 'answer',
      clip: {
        url: answered.media!.url,
        posterUrl: answered.media!.posterUrl,
        captionsUrl: answered.media!.captionsUrl,
      },
    });
    expect(state.transcript).toEqual([
      { id: 1, speaker: 'visitor', text: 'where were you raised', inputMode: 'typed' },
      {
        id: 2,
        speaker: 'storyfile',
        text: 'Answered: Where did you grow up?',
        kind: 'answer',
        // The logged exchange, which the rating buttons rate.
        exchangeId: 'e-1',
      },
    ]);
  });

  // Issue 54, item 6: the visitor's transcript said "Played a recorded answer." and "Played the
  // cannot-answer clip.": the studio's words, not the person's.
  it("writes what the person said when the visitor may read the answer's words", () => {
    const said = 'I grew up on a farm in Iowa.';
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'where were you raised', inputMode: 'typed' },
      {
        type: 'askSucceeded',
        result: {
          ...answered,
          questionText: undefined,
          media: { ...answered.media!, said, areCaptionsAutomatic: true },
        },
      },
    ]);
    expect(state.transcript.at(-1)).toMatchObject({ text: said, isAutomatic: true });
    // The player labels the captions automatic.
    expect(state.speaking?.clip.areCaptionsAutomatic).toBe(true);
  });

  it.each([
    ['an answer', answered, STORYFILE_TURN_TEXT.answer],
    ['a cannot-answer clip', fallback('off-topic', true), STORYFILE_TURN_TEXT.cannotAnswer],
    ['a please-repeat clip', fallback('not-confident', true), STORYFILE_TURN_TEXT.pleaseRepeat],
  ])('writes plain words for %s whose words are not shown', (_, result, text) => {
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'where were you raised', inputMode: 'typed' },
      { type: 'askSucceeded', result: { ...result, questionText: undefined } },
    ]);
    expect(state.transcript.at(-1)?.text).toBe(text);
    expect(text).not.toMatch(/played|clip|recorded/i);
  });

  it('says the storyfile asked back when it played nothing and offered "Did you mean…?"', () => {
    const askedBack: PlayerAskResult = {
      ...fallback('off-topic', false),
      clarification: 'did-you-mean',
      suggestions: [{ questionId: 'q-2', questionText: 'What is your favourite animal?' }],
    };
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'what is your favourite colour', inputMode: 'typed' },
      { type: 'askSucceeded', result: askedBack },
    ]);
    expect(state.transcript.at(-1)?.text).toBe(ASKED_BACK_TURN_TEXT);
    expect(state.offer?.suggestions).toHaveLength(1);
  });

  const fallbackCases: Array<[FallbackReason, 'cannotAnswer' | 'pleaseRepeat']> = [
    ['off-topic', 'cannotAnswer'],
    ['empty', 'pleaseRepeat'],
    ['unintelligible', 'pleaseRepeat'],
    ['not-recorded', 'cannotAnswer'],
  ];
  it.each(fallbackCases)('a %s fallback plays the %s clip', (reason, kind) => {
    expect(getFallbackKind(reason)).toBe(kind);
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'zxqv blorf', inputMode: 'typed' },
      { type: 'askSucceeded', result: fallback(reason, true) },
    ]);
    expect(state.phase).toBe('answering');
    expect(state.speaking?.kind).toBe(kind);
    expect(state.speaking?.clip.url).toContain(`clip-${reason}`);
    expect(state.message).toBeNull();
  });

  it.each(fallbackCases)(
    'a %s fallback without its clip shows the server text instead',
    (reason) => {
      const result = fallback(reason, false);
      const state = run([
        { type: 'start', intro: null },
        { type: 'askStarted', text: '', inputMode: 'spoken' },
        { type: 'askSucceeded', result },
      ]);
      expect(state.phase).toBe('waiting');
      expect(state.speaking).toBeNull();
      expect(state.message).toBe(result.message);
      expect(state.transcript.at(-1)?.text).toBe(result.message);
    },
  );

  it('writes unintelligible speech into the transcript as such', () => {
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: '', inputMode: 'spoken' },
      { type: 'askSucceeded', result: fallback('unintelligible', true) },
    ]);
    expect(state.transcript[0]).toMatchObject({
      text: UNINTELLIGIBLE_TRANSCRIPT_TEXT,
      inputMode: 'spoken',
    });
  });

  it('clears the missing-clip message when the next question is asked', () => {
    const state = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'zxqv', inputMode: 'typed' },
      { type: 'askSucceeded', result: fallback('off-topic', false) },
      { type: 'askStarted', text: 'where were you raised', inputMode: 'typed' },
    ]);
    expect(state.message).toBeNull();
  });

  it('forgets the conversation the server refused to continue, so the next question starts one', () => {
    const before = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'hello', inputMode: 'typed' },
      { type: 'askSucceeded', result: answered },
    ]);
    expect(before.conversationId).toBeDefined();
    const refused = run(
      [
        { type: 'askStarted', text: 'hello', inputMode: 'typed' },
        {
          type: 'askFailed',
          message: 'This conversation cannot be continued.',
          isConversationLost: true,
        },
      ],
      before,
    );
    expect(refused.conversationId).toBeUndefined();
    expect(refused.storyChoices).toBeNull();
    expect(refused.error).toBe('This conversation cannot be continued.');
  });

  it('keeps waiting with the error after a failed ask, and clears it on the next', () => {
    const failed = run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'hello', inputMode: 'typed' },
      { type: 'askFailed', message: 'You are asking questions too quickly.' },
    ]);
    expect(failed.phase).toBe('waiting');
    expect(failed.error).toBe('You are asking questions too quickly.');
    expect(failed.transcript).toEqual([]);
    const retried = reducePlayer(failed, { type: 'askStarted', text: 'hello', inputMode: 'typed' });
    expect(retried.error).toBeNull();
  });

  it('returns to the idle loop with a note when a clip fails to play', () => {
    const state = run([
      { type: 'start', intro },
      { type: 'clipFailed', message: 'This video could not be played.' },
    ]);
    expect(state.phase).toBe('waiting');
    expect(state.speaking).toBeNull();
    expect(state.message).toBe('This video could not be played.');
  });

  it('ignores an ended event that arrives after an interruption', () => {
    const asking = run([
      { type: 'start', intro },
      { type: 'askStarted', text: 'hello', inputMode: 'typed' },
    ]);
    expect(reducePlayer(asking, { type: 'clipEnded' })).toBe(asking);
  });
});

describe('asking back (issue 40)', () => {
  const offered: PlayerAskResult = {
    conversationId: 'c-1',
    exchangeId: 'e-9',
    decision: { kind: 'fallback', reason: 'off-topic' },
    media: null,
    message: "I'm not sure I understood.",
    clarification: 'did-you-mean',
    suggestions: [{ questionId: 'q-1', questionText: 'Where did you grow up?' }],
    topics: [],
  };
  const asked = (result: PlayerAskResult) =>
    run([
      { type: 'start', intro: null },
      { type: 'askStarted', text: 'a place you loved', inputMode: 'typed' },
      { type: 'askSucceeded', result },
    ]);

  it('keeps the offer, naming the exchange that made it, until the next answer', () => {
    const state = asked(offered);
    expect(state.offer).toEqual({
      kind: 'did-you-mean',
      exchangeId: 'e-9',
      suggestions: offered.suggestions,
      topics: [],
    });
    const next = run(
      [
        { type: 'askStarted', text: 'Where did you grow up?', inputMode: 'typed' },
        { type: 'askSucceeded', result: answered },
      ],
      state,
    );
    expect(next.offer).toBeNull();
  });

  it('keeps it when the ask fails, so the button can be pressed again', () => {
    const state = run(
      [
        { type: 'askStarted', text: 'Where did you grow up?', inputMode: 'typed' },
        { type: 'askFailed', message: 'Network down' },
      ],
      asked(offered),
    );
    expect(state.offer?.exchangeId).toBe('e-9');
  });
});
