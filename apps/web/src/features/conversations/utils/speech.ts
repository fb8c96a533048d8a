/** The parts of the Web Speech API the player uses (not in TypeScript's DOM library). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition, or undefined where there is none (the mic is then hidden). */
export function getSpeechRecognition(
  scope: object = globalThis,
): SpeechRecognitionConstructor | undefined {
  const candidate = scope as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return candidate.SpeechRecognition ?? candidate.webkitSpeechRecognition;
}

/** What the player does with a recognition error. */
export type SpeechErrorOutcome =
  { action: 'askUnintelligible' } | { action: 'ignore' } | { action: 'show'; message: string };

/**
 * `no-match` means the browser heard speech it could not transcribe: that is asked (empty,
 * spoken) so the storyfile says "please repeat". The others are about the microphone, not the
 * visitor's words, so they are shown instead.
 */
export function getSpeechErrorOutcome(error: string): SpeechErrorOutcome {
  switch (error) {
    case 'no-match':
      return { action: 'askUnintelligible' };
    case 'aborted':
      return { action: 'ignore' };
    case 'no-speech':
      return {
        action: 'show',
        message: 'No speech was heard. Check your microphone and try again.',
      };
    case 'not-allowed':
    case 'service-not-allowed':
      return {
        action: 'show',
        message: 'The microphone is blocked. Allow it in the browser, or type your question.',
      };
    case 'audio-capture':
      return { action: 'show', message: 'No microphone was found. Type your question instead.' };
    case 'network':
      return {
        action: 'show',
        message: 'Speech recognition needs a network connection. Type your question instead.',
      };
    default:
      return { action: 'show', message: 'Speech recognition failed. Type your question instead.' };
  }
}
