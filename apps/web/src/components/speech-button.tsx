import { Mic, MicOff } from 'lucide-react';
import { useEffect } from 'react';
import type { useSpeechRecognition } from '@/hooks/use-speech-recognition';
import type { Recognition, SpeechTransport, VoiceActivityState } from '@/hooks/use-recorded-speech';
import type { EndOfSpeech } from '@/lib/recorded-speech';
import { Button } from './ui/button';

/**
 * The microphone toggle of a spoken input (the player's question, the test bench's phrase):
 * pressed while the recognizer listens, named "Stop listening" then. Nothing where the browser
 * has no speech recognition. How the last recorded question ended by itself (the VAD's hangover or
 * the level's pause) is in `data-end-of-speech` ("voice-activity 608"), for the Playwright flow.
 * Shown for the studio's recognizer, it loads the voice-activity detector once the browser is idle
 * (`prepare`), so the first question does not wait for it; `data-voice-activity` says where it is,
 * and `data-recognition` whether the last question's words came from the recording sent when the
 * pause began ('speculative') or the whole one, and `data-transport` whether the recording went
 * over the speech2text WebSocket ('stream') or was uploaded ('upload').
 */
export function SpeechButton({
  speech,
  label,
  disabled,
}: {
  speech: ReturnType<typeof useSpeechRecognition> & {
    endOfSpeech?: EndOfSpeech | null;
    voiceActivityState?: VoiceActivityState;
    recognition?: Recognition | null;
    transport?: SpeechTransport | null;
    /** Loads the VAD when the browser is idle; returns a cancel. */
    prepare?: () => () => void;
  };
  /** The name while not listening: "Ask by voice", "Say a phrase". */
  label: string;
  disabled: boolean;
}) {
  const { isSupported, prepare } = speech;
  useEffect(() => (isSupported ? prepare?.() : undefined), [isSupported, prepare]);
  if (!isSupported) {
    return null;
  }
  return (
    <Button
      aria-label={speech.isListening ? 'Stop listening' : label}
      aria-pressed={speech.isListening}
      data-voice-activity={speech.voiceActivityState}
      data-recognition={speech.recognition ?? undefined}
      data-transport={speech.transport ?? undefined}
      data-end-of-speech={
        speech.endOfSpeech ? `${speech.endOfSpeech.by} ${speech.endOfSpeech.pauseMs}` : undefined
      }
      variant={speech.isListening ? 'primary' : 'default'}
      disabled={disabled}
      onClick={() => (speech.isListening ? speech.stop() : speech.listen())}
      icon={
        speech.isListening ? (
          <MicOff className="size-4" aria-hidden="true" />
        ) : (
          <Mic className="size-4" aria-hidden="true" />
        )
      }
    />
  );
}
