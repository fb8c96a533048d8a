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
 * spoken) so the storyfile says "please repeat". The others are shown, naming what is really
 * unavailable: the microphone, or the browser's speech service (which fails on its own where the
 * microphone works, e.g. a browser built without Google's speech service). `hasMicrophone` is
 * whether the browser lists a microphone, when known.
 */
export function getSpeechErrorOutcome(error: string, hasMicrophone?: boolean): SpeechErrorOutcome {
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
      return {
        action: 'show',
        message: 'The microphone is blocked. Allow it in the browser, or type your question.',
      };
    case 'service-not-allowed':
      return {
        action: 'show',
        message: "This browser's speech service is not available here. Type your question instead.",
      };
    case 'audio-capture':
      return hasMicrophone === true
        ? {
            action: 'show',
            message:
              "Your microphone is there, but this browser's speech service could not listen through it. Type your question instead.",
          }
        : { action: 'show', message: 'No microphone was found. Type your question instead.' };
    case 'network':
      return {
        action: 'show',
        message:
          "This browser's speech service could not be reached; it needs a network connection. Type your question instead.",
      };
    default:
      return {
        action: 'show',
        message: "This browser's speech service failed. Type your question instead.",
      };
  }
}

/** Whether the browser lists a microphone (false when it cannot tell). */
export async function hasMicrophoneDevice(): Promise<boolean> {
  try {
    const devices = (await navigator.mediaDevices?.enumerateDevices()) ?? [];
    return devices.some((device) => device.kind === 'audioinput');
  } catch {
    return false;
  }
}
