import { useEffect, useRef, useState } from 'react';
import {
  applySpeechHints,
  getSpeechErrorOutcome,
  getSpeechRecognition,
  hasMicrophoneDevice,
  type SpeechRecognitionLike,
} from '@/lib/speech';

/**
 * One question by voice: `listen()` starts the browser's recognition, `onHeard` receives the
 * final transcript ('' when speech was heard but not understood), `onProblem` a message about
 * the microphone. `isSupported` is false where the browser has no speech recognition.
 */
export function useSpeechRecognition({
  language,
  hints = [],
  onHeard,
  onProblem,
}: {
  language: string;
  /** Custom words the recognizer should expect (handed over where the browser supports it). */
  hints?: readonly string[];
  onHeard: (text: string) => void;
  onProblem: (message: string) => void;
}) {
  const [isSupported] = useState(() => getSpeechRecognition() !== undefined);
  const [isListening, setIsListening] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  // A recognizer that refuses biasing phrases (a server-side one) is asked again without them.
  const isPhrasesAllowedRef = useRef(true);
  const handlersRef = useRef({ onHeard, onProblem });
  useEffect(() => {
    handlersRef.current = { onHeard, onProblem };
  });

  useEffect(() => () => recognitionRef.current?.abort(), []);

  function listen() {
    const Recognition = getSpeechRecognition();
    if (!Recognition || recognitionRef.current) {
      return;
    }
    const recognition = new Recognition();
    recognition.lang = language;
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    const hintMeans = applySpeechHints(recognition, hints, {
      isPhrasesAllowed: isPhrasesAllowedRef.current,
    });
    // A session ends with exactly one of: a result, an error, or nothing heard at all.
    let isSettled = false;
    let isRetryWithoutPhrases = false;
    recognition.onresult = (event) => {
      isSettled = true;
      const text = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      handlersRef.current.onHeard(text);
    };
    recognition.onerror = (event) => {
      isSettled = true;
      if (event.error === 'phrases-not-supported' && hintMeans === 'phrases') {
        isPhrasesAllowedRef.current = false;
        isRetryWithoutPhrases = true;
        return;
      }
      if (event.error === 'audio-capture') {
        // Say which is missing: the microphone, or the speech service that failed to use it.
        void hasMicrophoneDevice().then((hasMicrophone) => {
          const outcome = getSpeechErrorOutcome(event.error, hasMicrophone);
          if (outcome.action === 'show') {
            handlersRef.current.onProblem(outcome.message);
          }
        });
        return;
      }
      const outcome = getSpeechErrorOutcome(event.error);
      if (outcome.action === 'askUnintelligible') {
        handlersRef.current.onHeard('');
      } else if (outcome.action === 'show') {
        handlersRef.current.onProblem(outcome.message);
      }
    };
    recognition.onend = () => {
      recognitionRef.current = null;
      setIsListening(false);
      if (isRetryWithoutPhrases) {
        listen();
        return;
      }
      if (!isSettled) {
        handlersRef.current.onProblem(getNoSpeechMessage());
      }
    };
    recognitionRef.current = recognition;
    setIsListening(true);
    try {
      recognition.start();
    } catch {
      recognitionRef.current = null;
      setIsListening(false);
      handlersRef.current.onProblem(
        'Speech recognition could not start. Type your question instead.',
      );
    }
  }

  function stop() {
    recognitionRef.current?.stop();
  }

  return { isSupported, isListening, listen, stop };
}

function getNoSpeechMessage(): string {
  const outcome = getSpeechErrorOutcome('no-speech');
  return outcome.action === 'show' ? outcome.message : '';
}
