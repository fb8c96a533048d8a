import type { ChangeEffect } from '@conversa/contracts';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { PastQuestionMoves } from '@/components/past-question-moves';

/**
 * "What this changes" for a category or a word before it is saved: the preview of each storyfile
 * it reaches (`PastQuestionMoves`, the same as a review change's), named when there are several.
 */
export function ChangeEffectPreview({
  isEnabled,
  error,
  data,
  idleText,
}: {
  /** False while there is nothing to preview (the form is not complete). */
  isEnabled: boolean;
  error: Error | null;
  data: ChangeEffect | undefined;
  idleText: string;
}) {
  const headingId = useId();
  let body;
  if (!isEnabled) {
    body = <p className="mt-1 text-sm text-slate-600">{idleText}</p>;
  } else if (error) {
    body = <Alert kind="error">{error.message}</Alert>;
  } else if (!data) {
    body = (
      <p className="mt-1 text-sm text-slate-600">
        <Spinner className="mr-2 size-3" label="Working out the preview" /> Re-asking past
        questions…
      </p>
    );
  } else if (data.storyfiles.length === 0) {
    body = <p className="mt-1 text-sm text-slate-600">No past question would move.</p>;
  } else {
    body = (
      <div className="mt-1 space-y-3">
        {data.storyfiles.map((entry) => (
          <section key={entry.storyfileId} aria-label={`Past questions of ${entry.storyfileName}`}>
            {data.storyfiles.length > 1 ? (
              <h4 className="text-sm font-semibold break-words text-slate-700">
                {entry.storyfileName}
              </h4>
            ) : null}
            <PastQuestionMoves preview={entry.preview} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-slate-50 p-3" aria-live="polite">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        What this changes
      </h3>
      {body}
    </section>
  );
}
