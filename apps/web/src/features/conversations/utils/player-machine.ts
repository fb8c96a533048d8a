import type { AskSuggestion, AskTopic, ClarificationKind, InputMode } from '@conversa/contracts';
import type { PlayerAskResult, PlayerClip, PlayerPhase, SpeakingKind } from './player-types';
import { describeQuestion, describeStoryfileTurn, getSpeakingKind } from './turn-text';

// The player's values live in player-types.ts, and how each turn reads in the transcript in
// turn-text.ts; their names stay importable from here.
export type {
  PlayerAskInput,
  PlayerAskResult,
  PlayerClip,
  PlayerPhase,
  SpeakingKind,
} from './player-types';
export {
  ASKED_BACK_TURN_TEXT,
  describeStoryfileTurn,
  EMPTY_QUESTION_TRANSCRIPT_TEXT,
  getFallbackKind,
  getSpeakingKind,
  STORYFILE_TURN_TEXT,
  UNINTELLIGIBLE_TRANSCRIPT_TEXT,
} from './turn-text';

export interface TranscriptEntry {
  id: number;
  speaker: 'visitor' | 'storyfile';
  text: string;
  inputMode?: InputMode;
  /** On the storyfile's turns: which kind of video (or text) answered. */
  kind?: Exclude<SpeakingKind, 'intro'>;
  /** On the storyfile's turns: the logged exchange, what a thumbs up or down rates. */
  exchangeId?: string;
  /** The words are the recognizer's draft no author reviewed (the storyfile publishes drafts). */
  isAutomatic?: boolean;
}

/** What the storyfile asked back with: the buttons it offers (`ClarificationOffer`). */
export interface PlayerOffer {
  kind: ClarificationKind;
  /** The exchange that offered them: pressing one names it. */
  exchangeId: string;
  suggestions: AskSuggestion[];
  /** Each with its recorded questions: pressing a topic shows them to press. */
  topics: AskTopic[];
}

export interface PlayerState {
  phase: PlayerPhase;
  /** The video speaking now (intro, answer or fallback clip); the idle loop plays when null. */
  speaking: { kind: SpeakingKind; clip: PlayerClip } | null;
  /** Text shown in place of a clip that is not recorded. */
  message: string | null;
  /** A failed ask: the question stays in the box and this says why. */
  error: string | null;
  /** The question on its way (shown while asking). */
  pending: { text: string; inputMode: InputMode } | null;
  conversationId: string | undefined;
  transcript: TranscriptEntry[];
  nextEntryId: number;
  /** Clips still to play after the speaking one (a story turn's lines). */
  queue: PlayerClip[];
  /** The ink story's open choices: shown as suggested questions. Null without a story. */
  storyChoices: { index: number; text: string }[] | null;
  /** The story restarted (its saved place no longer fitted the published version). */
  storyNotice: string | null;
  /** "Did you mean…?", or topics and starters; null when the last answer stood alone. */
  offer: PlayerOffer | null;
  /** The ink story reached its end: the player says so (its choices are gone). */
  hasStoryEnded: boolean;
  /** Spoken questions in a row the storyfile asked to repeat (reset by any other answer). */
  repeatsInARow: number;
}

/**
 * Spoken tries the storyfile asks to repeat before the player turns to the typed box and the
 * storyfile's suggestions.
 */
export const SPOKEN_TRIES = 2;
/** Shown after `SPOKEN_TRIES` spoken questions in a row were not heard, with questions to press. */
export const TYPE_INSTEAD_MESSAGE =
  "I still didn't catch that. Type your question in the box, or choose one below.";
/** The same with nothing below to choose (no recorded answer to offer): no promise of one. */
export const TYPE_ONLY_MESSAGE = "I still didn't catch that. Type your question in the box.";

export type PlayerEvent =
  /** `greeting`: the author's written intro, said when the intro clip is not recorded. */
  | { type: 'start'; intro: PlayerClip | null; greeting?: string | undefined }
  | { type: 'storyOpened'; result: PlayerAskResult }
  /** A new conversation with the story from the top (or a knot): the transcript starts over. */
  | { type: 'storyRestarted'; result: PlayerAskResult }
  | { type: 'clipEnded' }
  | { type: 'clipFailed'; message: string }
  | { type: 'askStarted'; text: string; inputMode: InputMode }
  | { type: 'askSucceeded'; result: PlayerAskResult }
  /**
   * `isConversationLost`: the server refused to continue the conversation (the visitor cookie
   * went missing); the next question starts a new one, without the old story's choices.
   */
  | { type: 'askFailed'; message: string; isConversationLost?: boolean };

export const INITIAL_PLAYER_STATE: PlayerState = {
  phase: 'idle',
  speaking: null,
  message: null,
  error: null,
  pending: null,
  conversationId: undefined,
  transcript: [],
  nextEntryId: 1,
  queue: [],
  storyChoices: null,
  storyNotice: null,
  offer: null,
  hasStoryEnded: false,
  repeatsInARow: 0,
};

export function toClip(media: {
  url: string;
  posterUrl: string;
  captionsUrl: string | null;
  areCaptionsAutomatic?: boolean;
}): PlayerClip {
  return {
    url: media.url,
    posterUrl: media.posterUrl,
    captionsUrl: media.captionsUrl,
    ...(media.areCaptionsAutomatic ? { areCaptionsAutomatic: true } : {}),
  };
}

/** The clips a story turn plays, in order (lines without a recorded video show their text). */
export function getStoryClips(result: PlayerAskResult): PlayerClip[] {
  return (result.story?.lines ?? []).flatMap((line) => (line.media ? [toClip(line.media)] : []));
}

function describeStoryLines(result: PlayerAskResult): string | null {
  const text = (result.story?.lines ?? [])
    .map((line) => line.text)
    .filter((line) => line !== '')
    .join(' ');
  return text === '' ? null : text;
}

/**
 * The offer an answer makes, if any. On a near-tie the best answer already plays, so it is not
 * offered again: "Did you mean…?" lists the others.
 */
export function getOffer(result: PlayerAskResult): PlayerOffer | null {
  const { clarification, exchangeId, decision } = result;
  if (!clarification || !exchangeId) {
    return null;
  }
  const playing = decision.kind === 'answer' ? decision.questionId : null;
  const suggestions = (result.suggestions ?? []).filter((s) => s.questionId !== playing);
  const topics = result.topics ?? [];
  if (suggestions.length === 0 && topics.length === 0) {
    return null;
  }
  return { kind: clarification, exchangeId, suggestions, topics };
}

/** Whether a question may be sent now: after Start, and not while another is on its way. */
export function canAsk(state: PlayerState): boolean {
  return state.phase !== 'idle' && state.phase !== 'asking';
}

/** The conversation player's transitions, pure so every path can be tested without a browser. */
export function reducePlayer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'start': {
      if (state.phase !== 'idle') {
        return state;
      }
      if (event.intro) {
        return { ...state, phase: 'intro', speaking: { kind: 'intro', clip: event.intro } };
      }
      // No intro clip: the storyfile greets with what its author wrote for it, in its place and
      // in the transcript, as an unrecorded fallback clip's text is (issue 44, item 20).
      const greeting = event.greeting?.trim() ?? '';
      return greeting === ''
        ? { ...state, phase: 'waiting' }
        : {
            ...state,
            phase: 'waiting',
            message: greeting,
            transcript: [
              ...state.transcript,
              { id: state.nextEntryId, speaker: 'storyfile', text: greeting },
            ],
            nextEntryId: state.nextEntryId + 1,
          };
    }
    case 'storyOpened': {
      if (state.phase !== 'idle') {
        return state;
      }
      const { result } = event;
      const [first, ...rest] = getStoryClips(result);
      const said = describeStoryLines(result);
      const opened: PlayerState = {
        ...state,
        conversationId: result.conversationId,
        storyChoices: result.story?.choices ?? null,
        storyNotice: result.story?.notice ?? null,
        hasStoryEnded: result.story?.hasEnded ?? false,
        transcript: said
          ? [
              ...state.transcript,
              { id: state.nextEntryId, speaker: 'storyfile', text: said, kind: 'answer' },
            ]
          : state.transcript,
        nextEntryId: state.nextEntryId + (said ? 1 : 0),
      };
      return first
        ? { ...opened, phase: 'intro', speaking: { kind: 'intro', clip: first }, queue: rest }
        : { ...opened, phase: 'waiting', speaking: null, queue: [] };
    }
    case 'storyRestarted':
      return reducePlayer(
        { ...INITIAL_PLAYER_STATE, nextEntryId: state.nextEntryId },
        { type: 'storyOpened', result: event.result },
      );
    case 'clipEnded': {
      if (state.phase !== 'intro' && state.phase !== 'answering') {
        return state;
      }
      const [next, ...rest] = state.queue;
      if (next && state.speaking) {
        return { ...state, speaking: { kind: state.speaking.kind, clip: next }, queue: rest };
      }
      return { ...state, phase: 'waiting', speaking: null, queue: [] };
    }
    case 'clipFailed':
      if (state.phase !== 'intro' && state.phase !== 'answering') {
        return state;
      }
      return { ...state, phase: 'waiting', speaking: null, message: event.message };
    case 'askStarted':
      if (!canAsk(state)) {
        return state;
      }
      // A new question interrupts whatever was speaking.
      return {
        ...state,
        phase: 'asking',
        speaking: null,
        queue: [],
        message: null,
        error: null,
        pending: { text: event.text, inputMode: event.inputMode },
      };
    case 'askSucceeded': {
      if (state.phase !== 'asking' || state.pending === null) {
        return state;
      }
      const { result } = event;
      const kind = getSpeakingKind(result.decision);
      const transcript: TranscriptEntry[] = [
        ...state.transcript,
        {
          id: state.nextEntryId,
          speaker: 'visitor',
          // A spoken question reads as the storyfile heard it, as its chat log keeps it.
          text: describeQuestion(result.heardText ?? state.pending.text, state.pending.inputMode),
          inputMode: state.pending.inputMode,
        },
        {
          id: state.nextEntryId + 1,
          speaker: 'storyfile',
          text:
            (result.story?.turn === 'choice' ? describeStoryLines(result) : null) ??
            describeStoryfileTurn(result),
          kind,
          exchangeId: result.exchangeId ?? undefined,
          ...(result.media?.said && result.media.areCaptionsAutomatic && !result.questionText
            ? { isAutomatic: true }
            : {}),
        },
      ];
      const base = {
        ...state,
        pending: null,
        conversationId: result.conversationId,
        transcript,
        nextEntryId: state.nextEntryId + 2,
        storyChoices: result.story ? result.story.choices : state.storyChoices,
        storyNotice: result.story?.notice ?? state.storyNotice,
        offer: getOffer(result),
        hasStoryEnded: result.story ? result.story.hasEnded : state.hasStoryEnded,
        repeatsInARow:
          state.pending.inputMode === 'spoken' && kind === 'pleaseRepeat'
            ? state.repeatsInARow + 1
            : 0,
      };
      if (result.story?.turn === 'choice') {
        const [first, ...rest] = getStoryClips(result);
        if (first) {
          return {
            ...base,
            phase: 'answering',
            message: null,
            speaking: { kind, clip: first },
            queue: rest,
          };
        }
      }
      if (result.media === null) {
        return { ...base, phase: 'waiting', speaking: null, message: result.message };
      }
      return {
        ...base,
        phase: 'answering',
        message: null,
        speaking: { kind, clip: toClip(result.media) },
      };
    }
    case 'askFailed':
      if (state.phase !== 'asking') {
        return state;
      }
      return {
        ...state,
        phase: 'waiting',
        pending: null,
        error: event.message,
        ...(event.isConversationLost
          ? { conversationId: undefined, storyChoices: null, offer: null }
          : {}),
      };
  }
}
