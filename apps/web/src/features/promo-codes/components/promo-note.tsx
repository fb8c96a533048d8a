import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A promo code's note for admins, up to 500 characters: two lines until the person asks for all of
 * it (issue 68: a long note filled a phone's screen and pushed the code's controls out of sight).
 */
export function PromoNote({ note }: { note: string }) {
  const [isWhole, setIsWhole] = useState(false);
  const [isClipped, setIsClipped] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || isWhole) {
      return;
    }
    const measure = () => setIsClipped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [isWhole, note]);
  return (
    <div className="min-w-0">
      <p
        ref={ref}
        className={`text-sm break-words text-slate-600 ${isWhole ? '' : 'line-clamp-2'}`}
      >
        {note}
      </p>
      {isClipped || isWhole ? (
        <Button size="sm" variant="text" className="-ml-3" onClick={() => setIsWhole(!isWhole)}>
          {isWhole ? 'Show less of the note' : 'Show the whole note'}
        </Button>
      ) : null}
    </div>
  );
}
