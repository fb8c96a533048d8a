import {
  describeReviewPreview,
  describeThresholdMove,
  type ReviewPreview,
} from '@conversa/contracts';
import { ArrowRight } from 'lucide-react';
import { formatNumber } from '@/lib/format';

type Move = ReviewPreview['moves'][number];

function isLost(move: Move): boolean {
  return move.before.questionId !== null && move.after.questionId === null;
}

/**
 * What a change would do to one storyfile's past questions, the same for every training change
 * (correct match, alternates, record queue, categories, words, threshold): the counts, the threshold
 * if it moves, a warning when a question would lose its answer, and the questions that move, those
 * that lose their answer first and marked (issue 28: no preview hides them).
 */
export function PastQuestionMoves({ preview }: { preview: ReviewPreview }) {
  const threshold = describeThresholdMove(preview);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-800" data-testid="review-preview-summary">
        {describeReviewPreview(preview)}
      </p>
      {threshold ? (
        <p className="text-sm text-slate-800" data-testid="review-preview-threshold">
          {threshold}
        </p>
      ) : null}
      {preview.toFallback > 0 ? (
        <p className="text-sm font-medium text-amber-800" role="alert">
          {formatNumber(preview.toFallback)} would fall back instead of being answered.
        </p>
      ) : null}
      {preview.moves.length === 0 ? null : (
        <ul
          className="max-h-56 space-y-1 overflow-y-auto text-sm"
          aria-label="Past questions that move"
        >
          {preview.moves.map((move) => (
            <li
              key={move.questionText}
              aria-label={
                isLost(move) ? `Loses its answer: ${move.questionText}` : move.questionText
              }
              className={
                isLost(move)
                  ? 'rounded border-l-4 border-amber-500 bg-white px-2 py-1'
                  : 'rounded bg-white px-2 py-1'
              }
            >
              <span className="font-medium break-words text-slate-900">{move.questionText}</span>
              {move.count > 1 ? (
                <span className="text-slate-500"> ×{formatNumber(move.count)}</span>
              ) : null}
              <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
                {move.before.questionText ?? 'Fallback'}
                <ArrowRight className="size-3" aria-label="now" />
                {move.after.questionText ?? 'Fallback'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
