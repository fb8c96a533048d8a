import { MAX_SPEECH_SECONDS } from '@conversa/contracts';
import { ApiError } from './api-client';

/** A try that heard nothing at all (the microphone silent): the visitor checks it. */
export const NO_SPEECH_MESSAGE = 'No speech was heard. Check your microphone and try again.';
export const MICROPHONE_BLOCKED_MESSAGE =
  'The microphone is blocked. Allow it in the browser, or type your question.';
export const NO_MICROPHONE_MESSAGE = 'No microphone was found. Type your question instead.';
export const MICROPHONE_FAILED_MESSAGE =
  'The microphone could not be opened. Type your question instead.';
export const RECOGNIZER_UNREACHABLE_MESSAGE =
  "The studio's speech recognizer could not be reached. Type your question instead.";

/** What MediaRecorder should make, best first: Opus in WebM (Chromium), then in Ogg (Firefox). */
const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/webm',
  'audio/ogg',
];

export function pickRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => isSupported(type));
}

/** A getUserMedia failure as the visitor reads it. */
export function getMicrophoneProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return MICROPHONE_BLOCKED_MESSAGE;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return NO_MICROPHONE_MESSAGE;
    default:
      return MICROPHONE_FAILED_MESSAGE;
  }
}

/** A failed recognition: the server's sentence (4xx, recognizer down), or a network note. */
export function describeRecognizerFailure(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    return error.message;
  }
  return RECOGNIZER_UNREACHABLE_MESSAGE;
}

/** Root-mean-square level above which the microphone is taken to carry speech (no VAD). */
export const SPEECH_LEVEL = 0.02;
/** Without the VAD, a pause this long after speech ends the question. */
export const END_OF_SPEECH_SILENCE_MS = 1_200;
/** The VAD's speech probability at or above which a frame is speech (Silero's own threshold). */
export const SPEECH_PROBABILITY = 0.5;
/**
 * Once speaking, frames stay speech down to this probability (hysteresis, as Silero's utilities
 * do: 0.15 under the threshold), so a soft syllable does not start the pause.
 */
export const NON_SPEECH_PROBABILITY = 0.35;
/**
 * With the VAD, this much non-speech after speech ends the question: longer than the pauses it
 * hears inside a question (448 ms at most, `npm run bench:end-of-speech`; docs/benchmarks.md,
 * "End of speech"), much shorter than the level's 1.2 s.
 */
export const END_OF_SPEECH_HANGOVER_MS = 600;
/**
 * With nothing said for this long, listening stops: "No speech was heard" when the microphone
 * stayed quiet, the storyfile's please-repeat when it heard sound that was not a voice.
 */
export const NO_SPEECH_TIMEOUT_MS = 8_000;

export type EndpointerDecision = 'listening' | 'ended' | 'no-speech';

/** How a question ended by itself: what decided, and after how long a pause. */
export interface EndOfSpeech {
  by: 'voice-activity' | 'level';
  pauseMs: number;
}

/**
 * Decides, frame by frame, when a spoken question is over. Until a voice-activity detector runs
 * it reads the microphone's level (`pushLevel`): speech at `SPEECH_LEVEL`, over after a pause of
 * `END_OF_SPEECH_SILENCE_MS`. From `useVoiceActivity()` on it reads only the VAD's speech
 * probability (`pushSpeechProbability`; levels are then ignored, time included): speech from
 * `SPEECH_PROBABILITY`, over after `END_OF_SPEECH_HANGOVER_MS` below `NON_SPEECH_PROBABILITY`.
 * Either way never past `MAX_SPEECH_SECONDS`, and with no speech at all "no-speech" after
 * `NO_SPEECH_TIMEOUT_MS`. The level is always read for `hasHeardSound`: a room loud enough to
 * be speech by level, whatever the VAD made of it.
 */
export class SpeechEndpointer {
  hasHeardSpeech = false;
  /** Whether the microphone ever carried sound at the speech level (a voice or not). */
  hasHeardSound = false;
  /** Set when a pause after speech ended the question. */
  endOfSpeech: EndOfSpeech | null = null;
  private source: EndOfSpeech['by'] = 'level';
  private elapsedMs = 0;
  private pauseMs = 0;
  private speaking = false;

  /** Whether the last frame was speech (with the VAD, by its hysteresis). */
  get isSpeaking(): boolean {
    return this.speaking;
  }

  /** Listening timed out having heard sound but no voice: noise, or a mumble not taken for speech. */
  get heardOnlyNoise(): boolean {
    return !this.hasHeardSpeech && this.hasHeardSound && this.elapsedMs >= NO_SPEECH_TIMEOUT_MS;
  }

  get decidesByVoiceActivity(): boolean {
    return this.source === 'voice-activity';
  }

  /** From now on the VAD decides; the pause heard so far still counts. */
  useVoiceActivity(): void {
    this.source = 'voice-activity';
  }

  pushLevel(level: number, stepMs: number): EndpointerDecision {
    if (level >= SPEECH_LEVEL) {
      this.hasHeardSound = true;
    }
    if (this.source !== 'level') {
      return this.decide();
    }
    return this.step(level >= SPEECH_LEVEL, stepMs);
  }

  pushSpeechProbability(probability: number, stepMs: number): EndpointerDecision {
    if (this.source !== 'voice-activity') {
      return this.decide();
    }
    const threshold = this.speaking ? NON_SPEECH_PROBABILITY : SPEECH_PROBABILITY;
    return this.step(probability >= threshold, stepMs);
  }

  private step(isSpeech: boolean, stepMs: number): EndpointerDecision {
    if (this.endOfSpeech) {
      return 'ended';
    }
    this.elapsedMs += stepMs;
    this.speaking = isSpeech;
    if (isSpeech) {
      this.hasHeardSpeech = true;
      this.pauseMs = 0;
    } else {
      this.pauseMs += stepMs;
    }
    return this.decide();
  }

  private decide(): EndpointerDecision {
    if (this.endOfSpeech) {
      return 'ended';
    }
    if (this.hasHeardSpeech) {
      const endPauseMs =
        this.source === 'voice-activity' ? END_OF_SPEECH_HANGOVER_MS : END_OF_SPEECH_SILENCE_MS;
      if (this.pauseMs >= endPauseMs) {
        this.endOfSpeech = { by: this.source, pauseMs: this.pauseMs };
        return 'ended';
      }
    }
    if (this.elapsedMs >= (MAX_SPEECH_SECONDS - 1) * 1000) {
      return 'ended';
    }
    if (this.hasHeardSpeech) {
      return 'listening';
    }
    return this.elapsedMs >= NO_SPEECH_TIMEOUT_MS ? 'no-speech' : 'listening';
  }
}
