import { AUTOMATIC_CAPTIONS_LABEL } from '@conversa/contracts';
import { Captions } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * The player's captions preference: on by default (an answer may be watched muted, and captions
 * are what it says), kept from one answer to the next. The ref goes on the answer's `<track>`, so
 * a press shows or hides the captions of the answer playing at once.
 */
export function useCaptionsToggle(captionsUrl: string | null | undefined) {
  const [isOn, setIsOn] = useState(true);
  const trackRef = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    const track = trackRef.current?.track;
    if (track) {
      track.mode = isOn ? 'showing' : 'hidden';
    }
  }, [isOn, captionsUrl]);
  return { isOn, trackRef, toggle: () => setIsOn((value) => !value) };
}

/** The visible captions switch over the video (rather than the browser's own menu). */
export function CaptionsToggle({
  isOn,
  isAutomatic = false,
  onToggle,
}: {
  isOn: boolean;
  /** The answer playing has the recognizer's draft for captions: the switch says so. */
  isAutomatic?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onToggle}
      className={cn(
        'absolute top-3 left-3 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
        isOn ? 'bg-white text-slate-900' : 'bg-black/70 text-white',
      )}
    >
      <Captions className="size-4" aria-hidden="true" />
      {isAutomatic ? AUTOMATIC_CAPTIONS_LABEL : 'Captions'} {isOn ? 'on' : 'off'}
    </button>
  );
}
