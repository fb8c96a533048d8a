import type { InputMode, PublicAskResponse, SpeechReading } from '@conversa/contracts';

// The player's values (player-machine.ts runs them): what it shows, asks with and gets back.

/** A video the player can show: a signed URL, its poster, and its captions when it has them. */
export interface PlayerClip {
  url: string;
  posterUrl: string;
  /** WebVTT captions a visitor may read, or null when it has none (or none reviewed yet). */
  captionsUrl: string | null;
  /** The captions are the recognizer's draft no author reviewed: labelled automatic (issue 52). */
  areCaptionsAutomatic?: boolean;
}

/** What the player asks with, and what it needs back (the studio adds the answered question). */
export interface PlayerAskInput {
  text: string;
  inputMode: InputMode;
  /** A spoken question's readings from the studio's recognizer: the storyfile chooses one. */
  alternatives?: SpeechReading[];
  /** The studio's recognizer's confidence in `text`. */
  speechConfidence?: number | null;
  conversationId?: string;
  /** A story choice the visitor pressed. */
  choiceIndex?: number;
  /** Open the conversation's ink story without asking. */
  start?: boolean;
  /** With `start`: a new conversation whose story starts at this knot or stitch (the studio's). */
  startPath?: string;
  /** A suggestion the visitor pressed: the exchange that offered it and the answer chosen. */
  suggestion?: { exchangeId: string; questionId: string };
}
export type PlayerAskResult = PublicAskResponse & { questionText?: string | null };

/**
 * Where a conversation is:
 * - `idle`: not started; the idle loop plays muted until the visitor presses Start (a gesture, so
 *   sound may play from then on);
 * - `intro`: the greeting plays;
 * - `waiting`: the idle loop plays again and the storyfile waits for a question;
 * - `asking`: a question is on its way to the server;
 * - `answering`: the answer (or a fallback clip) plays with sound, then back to `waiting`.
 */
export type PlayerPhase = 'idle' | 'intro' | 'waiting' | 'asking' | 'answering';

/** Which recorded video is speaking. */
export type SpeakingKind = 'intro' | 'answer' | 'cannotAnswer' | 'pleaseRepeat';
