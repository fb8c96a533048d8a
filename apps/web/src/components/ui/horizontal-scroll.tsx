import { MoveHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

export const SCROLL_SIDEWAYS_HINT = 'Scroll sideways for more columns';

type Overflow = { isLeft: boolean; isRight: boolean };

/**
 * A box for a table that may not fit: it scrolls sideways inside itself, never the page, and says
 * so when it does (issue 32: the Users table's Actions were cut to "Rem…" in a scroller nothing
 * pointed at). The hint above it describes the box, a fade marks the side with more, and the box
 * takes keyboard focus so arrow keys scroll it.
 */
export function HorizontalScroll({
  label,
  className,
  children,
}: {
  /** The box's accessible name, e.g. the table's caption. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<Overflow>({ isLeft: false, isRight: false });

  useEffect(() => {
    const box = ref.current;
    if (box === null) {
      return;
    }
    const update = () => {
      const next = {
        isLeft: box.scrollLeft > 1,
        isRight: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
      };
      setOverflow((current) =>
        current.isLeft === next.isLeft && current.isRight === next.isRight ? current : next,
      );
    };
    // The observer reports the first size at once, and every change after (a wider window, rows
    // loaded, a column's content).
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of box.children) {
      observer.observe(child);
    }
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, []);

  const doesOverflow = overflow.isLeft || overflow.isRight;
  return (
    // min-w-0: as a flex or grid item, the box takes the room it is given, not the table's width.
    <div className="min-w-0 space-y-1">
      {doesOverflow ? (
        <p
          id={hintId}
          className="flex items-center justify-end gap-1 text-xs font-medium text-slate-600"
        >
          <MoveHorizontal className="size-3.5" aria-hidden="true" />
          {SCROLL_SIDEWAYS_HINT}
        </p>
      ) : null}
      <div className="relative min-w-0">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={doesOverflow ? hintId : undefined}
          // Reachable by keyboard only when there is something to scroll to.
          tabIndex={doesOverflow ? 0 : undefined}
          // relative: absolutely placed pieces of the rows (badges, sr-only text) scroll and clip
          // with the box instead of widening the page.
          className={cn(
            'relative overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
            className,
          )}
        >
          {children}
        </div>
        {overflow.isLeft ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 w-6 rounded-l-xl bg-linear-to-r from-slate-900/15 to-transparent"
          />
        ) : null}
        {overflow.isRight ? (
          <div
            aria-hidden="true"
            data-testid="more-on-the-right"
            className="pointer-events-none absolute inset-y-0 right-0 w-6 rounded-r-xl bg-linear-to-l from-slate-900/15 to-transparent"
          />
        ) : null}
      </div>
    </div>
  );
}
