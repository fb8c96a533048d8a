import type { ReactNode } from 'react';
import type { ExchangeFeedback, StoryfileRecognizer } from '@conversa/contracts';
import type { HeardSpeech } from '@/hooks/use-recorded-speech';
import type { PlayerAskInput, PlayerAskResult, PlayerClip } from '../utils/player-machine';

/** Records a thumbs up or down on one answer. */
export type RateExchange = (exchangeId: string, feedback: ExchangeFeedback) => Promise<unknown>;

export interface ConversationPlayerProps<R extends PlayerAskResult> {
  /** The storyfile's name, for labels and the placeholder. */
  name: string;
  /** BCP 47 language of the storyfile, for speech recognition. */
  language: string;
  /**
   * `introText`: what the author wrote for the intro clip, said on Start while the clip is not
   * recorded (issue 44, item 20).
   */
  clips: { idle: PlayerClip | null; intro: PlayerClip | null; introText?: string };
  starters: { questionId: string; text: string }[];
  ask: (input: PlayerAskInput) => Promise<R>;
  /** Called with each answer (the studio shows the matcher's reasoning beside the player). */
  onAnswer?: (result: NoInfer<R>) => void;
  /** Chrome-less layout for an iframe. */
  isCompact?: boolean;
  /** Records a thumbs up or down on one answer (once per exchange); no rating buttons without it. */
  rate?: RateExchange;
  /**
   * A published ink story drives the conversation: Start opens it (its lines play, its choices
   * are the suggested questions).
   */
  hasStory?: boolean;
  /**
   * Where the conversation id is kept for this tab (session storage), so a reload resumes the
   * conversation and its story; unset keeps nothing.
   */
  resumeKey?: string;
  /** Custom words handed to the browser's recognizer as hints. */
  speechHints?: readonly string[];
  /** The owner's choice of recognizer (undefined while loading: the studio's). */
  speechRecognizer?: StoryfileRecognizer | undefined;
  /**
   * Sends a recording to the studio's recognizer (this channel's speech2text); none hides it.
   * `signal` drops a speculative one (sent when the visitor paused, who then spoke again).
   */
  transcribeSpeech?: (recording: Blob, signal?: AbortSignal) => Promise<HeardSpeech>;
  /**
   * This channel's speech2text WebSocket (issue 42, item 3): the recording streams while it is
   * made; unset, or when the socket fails, `transcribeSpeech` gets the recording.
   */
  speechStreamUrl?: (() => string) | undefined;
  /**
   * The author's story controls (the interact tab): "Restart story" and "Start from knot…" over
   * these knots and stitches of the published story. Unset: none (the public page).
   */
  storyPlaces?: readonly string[];
  /**
   * A link to the storyfile's transcript page, shown in the compact (embed) layout beside the
   * transcript's heading: a line of its own after the player was overlapped by the transcript
   * once the frame ran short (issue 54, item 4).
   */
  transcriptLink?: ReactNode;
}
