import type { RateExchange } from './conversation-player-props';
import { useEffect, useRef } from 'react';
import { RatingButtons } from '@/components/rating-buttons';
import { cn } from '@/components/ui/cn';
import type { TranscriptEntry } from '../utils/player-machine';

export function TranscriptList({
  entries,
  name,
  rate,
  isFilling = false,
}: {
  entries: TranscriptEntry[];
  name: string;
  rate?: RateExchange;
  /** Takes the height its parent leaves (the embed) instead of a fixed most. */
  isFilling?: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const shownCountRef = useRef(entries.length);
  // Follow the newest turn inside the list; and when a turn is added, bring it into view on the
  // page too, by as little as needed ('nearest'): at 1400×900 the transcript began below the fold,
  // so each answer arrived out of sight. A transcript restored on opening moves nothing.
  useEffect(() => {
    const list = listRef.current;
    if (!list) {
      return;
    }
    list.scrollTop = list.scrollHeight;
    if (entries.length > shownCountRef.current) {
      list.lastElementChild?.scrollIntoView({ block: 'nearest' });
    }
    shownCountRef.current = entries.length;
  }, [entries.length]);
  if (entries.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        The conversation will appear here as you ask questions.
      </p>
    );
  }
  return (
    // Focusable so keyboard users can scroll a long transcript.
    <ol
      ref={listRef}
      tabIndex={0}
      className={cn(
        'space-y-2 overflow-y-auto rounded-lg pr-1 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
        isFilling ? 'min-h-0 flex-1' : 'max-h-72',
      )}
    >
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={cn('flex', entry.speaker === 'visitor' ? 'justify-end' : 'justify-start')}
        >
          <div
            className={cn(
              'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-snug',
              entry.speaker === 'visitor'
                ? 'bg-brand-600 text-white'
                : 'bg-slate-100 text-slate-800',
            )}
          >
            <span className="sr-only">{entry.speaker === 'visitor' ? 'You' : name}: </span>
            {entry.text}
            {entry.isAutomatic ? (
              <span className="ml-1 text-xs opacity-80">(automatic transcript)</span>
            ) : null}
            {entry.inputMode === 'spoken' ? (
              <span className="ml-1 text-xs opacity-80">(spoken)</span>
            ) : null}
            {rate && entry.speaker === 'storyfile' && entry.exchangeId ? (
              <RatingButtons exchangeId={entry.exchangeId} rate={rate} />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
