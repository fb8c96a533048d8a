import { MAX_SPEECH_SECONDS } from '@conversa/contracts';
import { ApiError } from './api-client';

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

/** Root-mean-square level above which the microphone is taken to carry speech. */
export const SPEECH_LEVEL = 0.02;
/** A pause this long after speech ends the question. */
export const END_OF_SPEECH_SILENCE_MS = 1_200;
/** With nothing said for this long, listening stops ("No speech was heard"). */
export const NO_SPEECH_TIMEOUT_MS = 8_000;

/**
 * Decides, level by level, when a spoken question is over: after speech, a pause of
 * `END_OF_SPEECH_SILENCE_MS`; never past `MAX_SPEECH_SECONDS`; with no speech at all, after
 * `NO_SPEECH_TIMEOUT_MS`.
 */
export class SpeechEndpointer {
  hasHeardSpeech = false;
  private elapsedMs = 0;
  private silenceMs = 0;

  push(level: number, stepMs: number): 'listening' | 'ended' | 'no-speech' {
    this.elapsedMs += stepMs;
    if (level >= SPEECH_LEVEL) {
      this.hasHeardSpeech = true;
      this.silenceMs = 0;
    } else {
      this.silenceMs += stepMs;
    }
    if (this.elapsedMs >= (MAX_SPEECH_SECONDS - 1) * 1000) {
      return 'ended';
    }
    if (this.hasHeardSpeech) {
      return this.silenceMs >= END_OF_SPEECH_SILENCE_MS ? 'ended' : 'listening';
    }
    return this.elapsedMs >= NO_SPEECH_TIMEOUT_MS ? 'no-speech' : 'listening';
  }
}
