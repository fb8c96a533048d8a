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

/** The Web Speech grammar list (JSGF), where the browser still has one. */
interface SpeechGrammarListLike {
  addFromString(grammar: string, weight?: number): void;
}
type SpeechGrammarListConstructor = new () => SpeechGrammarListLike;
/** Contextual biasing (Chrome 2025+): phrases with a boost, where the browser has it. */
type SpeechRecognitionPhraseConstructor = new (phrase: string, boost?: number) => unknown;

/** Boost of a custom word in contextual biasing (the API's range is 0–10; 1 is neutral). */
const PHRASE_BOOST = 5;

/** A term as one JSGF alternative: only letters, digits, spaces, apostrophes and hyphens. */
function toGrammarToken(term: string): string {
  return term
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A JSGF grammar whose one rule is any of the terms. */
export function buildHintGrammar(terms: readonly string[]): string | undefined {
  const tokens = [...new Set(terms.map(toGrammarToken).filter((token) => token !== ''))];
  return tokens.length === 0
    ? undefined
    : `#JSGF V1.0; grammar hints; public <hint> = ${tokens.join(' | ')} ;`;
}

/**
 * Hands the custom words to the recognizer as hints, by whichever means the browser has
 * (feature-detected): contextual-biasing phrases, else a JSGF grammar list. Browsers with neither
 * (and browsers that ignore grammars) simply listen without hints. Answers the means used.
 */
export function applySpeechHints(
  recognition: SpeechRecognitionLike,
  terms: readonly string[],
  options: { isPhrasesAllowed: boolean },
  scope: object = globalThis,
): 'phrases' | 'grammars' | 'none' {
  if (terms.length === 0) {
    return 'none';
  }
  const api = scope as {
    SpeechRecognitionPhrase?: SpeechRecognitionPhraseConstructor;
    SpeechGrammarList?: SpeechGrammarListConstructor;
    webkitSpeechGrammarList?: SpeechGrammarListConstructor;
  };
  const target = recognition as unknown as Record<string, unknown>;
  if (options.isPhrasesAllowed && api.SpeechRecognitionPhrase && 'phrases' in recognition) {
    const Phrase = api.SpeechRecognitionPhrase;
    target.phrases = terms.map((term) => new Phrase(term, PHRASE_BOOST));
    return 'phrases';
  }
  const GrammarList = api.SpeechGrammarList ?? api.webkitSpeechGrammarList;
  const grammar = buildHintGrammar(terms);
  if (GrammarList && grammar && 'grammars' in recognition) {
    const list = new GrammarList();
    list.addFromString(grammar, 1);
    target.grammars = list;
    return 'grammars';
  }
  return 'none';
}

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
