import { REVIEW_ACTION_LABELS } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDisplayName, formatNumber, formatUsDateTime } from '@/lib/format';
import { useReviewActions } from '../api/list-review-actions';
import { useUndoReviewAction } from '../api/undo-review-action';

/** The storyfile's review changes with provenance (who, when, which questions) and undo. */
export function ReviewHistory({
  storyfileId,
  canEdit,
  timeZone,
}: {
  storyfileId: string;
  canEdit: boolean;
  timeZone?: string;
}) {
  const actions = useReviewActions(storyfileId);
  const undo = useUndoReviewAction(storyfileId);
  if (actions.isPending) {
    return <Spinner label="Loading changes" />;
  }
  if (actions.error) {
    return <Alert kind="error">{actions.error.message}</Alert>;
  }
  if (actions.data.items.length === 0) {
    return <p className="text-sm text-slate-600">No review changes yet.</p>;
  }
  return (
    <div className="space-y-2">
      {undo.error ? <Alert kind="error">{undo.error.message}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {actions.data.items.map((action) => (
          <li key={action.id} className="flex flex-wrap items-start justify-between gap-2 p-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {REVIEW_ACTION_LABELS[action.kind]}
                {action.questionText ? (
                  <span className="font-normal break-words text-slate-700">
                    {' '}
                    → {action.questionText}
                  </span>
                ) : null}
                {action.undoneAt ? (
                  <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-600">
                    undone
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                {formatCount(action.entryIds.length, 'question')} from the chat log
                {action.autoClosedEntryIds.length > 0
                  ? `, ${formatNumber(action.autoClosedEntryIds.length)} more closed by themselves`
                  : ''}{' '}
                · {action.createdBy ? formatDisplayName(action.createdBy) : 'a deleted user'} ·{' '}
                {formatUsDateTime(action.createdAt, timeZone)}
              </p>
              {action.addedAlternates.length > 0 ? (
                <p className="text-xs break-words text-slate-600">
                  Added: {action.addedAlternates.join(' · ')}
                </p>
              ) : null}
            </div>
            {canEdit && !action.undoneAt ? (
              <Button
                size="sm"
                isLoading={undo.isPending && undo.variables === action.id}
                onClick={() => undo.mutate(action.id)}
                aria-label={`Undo: ${REVIEW_ACTION_LABELS[action.kind]} ${action.questionText ?? ''}`.trim()}
              >
                Undo
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
