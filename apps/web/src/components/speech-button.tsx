import { Mic, MicOff } from 'lucide-react';
import type { useSpeechRecognition } from '@/hooks/use-speech-recognition';
import { Button } from './ui/button';

/**
 * The microphone toggle of a spoken input (the player's question, the test bench's phrase):
 * pressed while the recognizer listens, named "Stop listening" then. Nothing where the browser
 * has no speech recognition.
 */
export function SpeechButton({
  speech,
  label,
  disabled,
}: {
  speech: ReturnType<typeof useSpeechRecognition>;
  /** The name while not listening: "Ask by voice", "Say a phrase". */
  label: string;
  disabled: boolean;
}) {
  if (!speech.isSupported) {
    return null;
  }
  return (
    <Button
      aria-label={speech.isListening ? 'Stop listening' : label}
      aria-pressed={speech.isListening}
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
