import type { Transcript } from '@conversa/contracts';
import { CheckCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format';
import { LOW_CONFIDENCE, TRANSCRIPT_REVIEW_LABELS } from '../utils/transcript-status';

/**
 * Where the transcript stands with its review (issue 52): a badge, the Approve action of a draft
 * no author reviewed (its words reach visitors from then on), and the words the recognizer heard
 * with the unsure ones marked, to guide the author's eye.
 */
export function TranscriptReviewBar({
  transcript,
  isEditable,
  isDirty,
  isApproving,
  onApprove,
}: {
  transcript: Transcript;
  isEditable: boolean;
  isDirty: boolean;
  isApproving: boolean;
  onApprove: () => void;
}) {
  const { review } = transcript;
  const unsure = transcript.words.filter(
    (word) => word.confidence !== null && word.confidence < LOW_CONFIDENCE,
  ).length;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 font-semibold',
            review === 'reviewed' ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900',
          )}
        >
          {TRANSCRIPT_REVIEW_LABELS[review]}
        </span>
        {isDirty ? <span className="text-slate-700">Unsaved changes</span> : null}
        {transcript.engine === null ? null : (
          <span className="text-slate-600">
            Drafted by {transcript.engine}
            {transcript.speakerModelRevision === null ? null : ' with this storyfile’s voice'}
          </span>
        )}
        {isEditable && review === 'needs-review' && !isDirty ? (
          <Button
            size="sm"
            variant="primary"
            icon={<CheckCheck className="size-4" aria-hidden="true" />}
            isLoading={isApproving}
            onClick={onApprove}
          >
            Approve
          </Button>
        ) : null}
      </div>
      {review === 'needs-review' ? (
        <p className="text-sm text-slate-700">
          Visitors do not see these words until you approve them or save your corrections.
        </p>
      ) : null}
      {review === 'needs-review' && transcript.words.length > 0 ? (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-900">
            What the recognizer heard ({formatCount(unsure, 'unsure word')} marked)
          </summary>
          <p className="mt-2 leading-relaxed" aria-label="Heard words with their confidence">
            {transcript.words.map((word, index) => {
              const isUnsure = word.confidence !== null && word.confidence < LOW_CONFIDENCE;
              const percent =
                word.confidence === null ? null : `${Math.round(word.confidence * 100)}%`;
              return (
                <span key={index}>
                  <span
                    title={percent === null ? undefined : `Confidence ${percent}`}
                    className={cn(
                      isUnsure &&
                        'rounded bg-amber-100 px-0.5 text-amber-950 underline decoration-dotted',
                    )}
                  >
                    {word.text}
                    {isUnsure ? <span className="sr-only"> (unsure, {percent})</span> : null}
                  </span>{' '}
                </span>
              );
            })}
          </p>
        </details>
      ) : null}
    </div>
  );
}
