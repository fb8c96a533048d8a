import { LoaderCircle } from 'lucide-react';

/**
 * What a spoken input is doing: listening (with the microphone's level when the studio records,
 * so a person sees they are heard), then recognizing while the recording is at the studio.
 */
export function SpeechStatus({
  speech,
}: {
  speech: { isListening: boolean; isTranscribing: boolean; level: number | null };
}) {
  if (speech.isTranscribing) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-brand-700">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Recognizing your
        question…
      </p>
    );
  }
  if (!speech.isListening) {
    return null;
  }
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 text-sm text-brand-700">
      <span>Listening… ask your question.</span>
      {speech.level === null ? null : (
        <span
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(speech.level * 100)}
          className="h-2 w-32 overflow-hidden rounded-full bg-slate-200"
        >
          <span
            className="block h-full rounded-full bg-brand-500 transition-[width] duration-75"
            style={{ width: `${Math.round(speech.level * 100)}%` }}
          />
        </span>
      )}
    </div>
  );
}
