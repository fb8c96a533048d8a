import type { StoryfileRecognizer } from '@conversa/contracts';
import { getSpeechRecognition } from '@/lib/speech';
import { useRecordedSpeech, type HeardSpeech } from './use-recorded-speech';
import { useSpeechRecognition } from './use-speech-recognition';

/**
 * A spoken question through the recognizer the storyfile's owner chose: the studio's (the
 * recording goes to `transcribe`, the speech2text gateway) or the browser's Web Speech. A browser
 * without Web Speech always uses the studio's; so does a player given no choice yet.
 */
export function useSpokenQuestion({
  language,
  hints,
  recognizer,
  transcribe,
  streamUrl,
  onHeard,
  onProblem,
}: {
  language: string;
  hints?: readonly string[] | undefined;
  recognizer: StoryfileRecognizer | undefined;
  transcribe: ((recording: Blob, signal?: AbortSignal) => Promise<HeardSpeech>) | undefined;
  /** The studio's recognizer's WebSocket for this channel (issue 42, item 3). */
  streamUrl?: (() => string) | undefined;
  onHeard: (text: string, heard?: HeardSpeech) => void;
  onProblem: (message: string) => void;
}) {
  const browser = useSpeechRecognition({ language, hints, onHeard, onProblem });
  const studio = useRecordedSpeech({ transcribe, streamUrl, onHeard, onProblem });
  const isBrowserChosen =
    recognizer === 'browser' && getSpeechRecognition() !== undefined && browser.isSupported;
  if (isBrowserChosen || !transcribe) {
    return {
      ...browser,
      isTranscribing: false,
      level: null,
      endOfSpeech: null,
      recognizer: 'browser' as const,
    };
  }
  return { ...studio, recognizer: 'studio' as const };
}
