import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { ExchangeFeedback } from '@conversa/contracts';
import { cn } from '@/components/ui/cn';

/**
 * Thumbs up or down on one answer: sent once, then shown as given. The players' transcripts and
 * a student's attempts (an answer asked earlier, rated after a reload) both offer it.
 */
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
