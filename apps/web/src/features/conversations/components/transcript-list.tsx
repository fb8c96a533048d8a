import type { RateExchange } from './conversation-player-props';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type ExchangeFeedback } from '@conversa/contracts';

import { cn } from '@/components/ui/cn';

import type { TranscriptEntry } from '../utils/player-machine';

/** Thumbs up or down on one storyfile turn: sent once, then shown as given. */
export function RatingButtons({
  exchangeId,
  rate,
}: {
  exchangeId: string;
  rate: (exchangeId: string, feedback: ExchangeFeedback) => Promise<unknown>;
}) {
  const [given, setGiven] = useState<ExchangeFeedback | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = (feedback: ExchangeFeedback) => {
    setIsSending(true);
    setProblem(null);
    rate(exchangeId, feedback).then(
      () => {
        setGiven(feedback);
        setIsSending(false);
      },
      (error: unknown) => {
        setIsSending(false);
        setProblem(error instanceof Error ? error.message : 'The rating could not be sent.');
      },
    );
  };
  return (
    <div className="mt-1 flex items-center gap-1" role="group" aria-label="Rate this answer">
      {(['up', 'down'] as const).map((feedback) => {
        const Icon = feedback === 'up' ? ThumbsUp : ThumbsDown;
        return (
          <button
            key={feedback}
            type="button"
            aria-pressed={given === feedback}
            aria-label={feedback === 'up' ? 'Good answer' : 'Bad answer'}
            disabled={given !== null || isSending}
            onClick={() => send(feedback)}
            className={cn(
              'inline-flex size-6 items-center justify-center rounded text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:cursor-default disabled:hover:bg-transparent',
              given === feedback && 'text-brand-700',
              given !== null && given !== feedback && 'opacity-40',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
          </button>
        );
      })}
      {given === null ? null : <span className="text-xs text-slate-600">Thanks!</span>}
      {problem === null ? null : (
        <span role="alert" className="text-xs text-red-700">
          {problem}
        </span>
      )}
    </div>
  );
}

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
