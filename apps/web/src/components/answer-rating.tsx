import type { ExchangeFeedback } from '@conversa/contracts';
import { ThumbsDown, ThumbsUp } from 'lucide-react';

/**
 * The asker's thumbs on an answer, in words beside the icon (a transcript line, a chat log
 * conversation); nothing when it was not rated.
 */
export function AnswerRating({ feedback }: { feedback: ExchangeFeedback | null }) {
  if (feedback === null) {
    return null;
  }
  const Icon = feedback === 'up' ? ThumbsUp : ThumbsDown;
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs font-medium ${
        feedback === 'up' ? 'text-green-800' : 'text-red-800'
      }`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {feedback === 'up' ? 'Rated thumbs up' : 'Rated thumbs down'}
    </span>
  );
}
