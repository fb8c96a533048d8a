import {
  CLUSTER_WINDOW_DAYS,
  describeAppliedReview,
  type RecordNextItem,
} from '@conversa/contracts';
import { ListTodo, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format';
import { useApplyReviewChange } from '../api/apply-review-change';
import { useRecordNext } from '../api/list-record-next';
import { useUndoReviewAction } from '../api/undo-review-action';

/** Where a question of the script is recorded: its storyfile's record tab, on that question. */
export function recordQuestionHref(storyfileId: string, questionId: string): string {
  return `/storyfiles/${storyfileId}?tab=record&question=${encodeURIComponent(questionId)}`;
}

/**
 * Record next (issue 68): the script's unrecorded questions that visitors asked for, most
 * visitors first, each with their words; record it, or add their words as its alternates, in one
 * step (with an undo).
 */
export function RecordNextList({
  storyfileId,
  answeredCount,
  canEdit,
}: {
  storyfileId: string;
  /** The storyfile's recorded answers: the list is asked again when it moves. */
  answeredCount?: number;
  canEdit: boolean;
}) {
  const list = useRecordNext(storyfileId, answeredCount);
  if (list.isPending) {
    return <Spinner label="Loading what to record next" />;
  }
  if (list.error) {
    return <Alert kind="error">{list.error.message}</Alert>;
  }
  if (list.data.items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        <ListTodo className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        Nothing to record next: no visitor asked for an unrecorded question in the last{' '}
        {CLUSTER_WINDOW_DAYS} days.
      </p>
    );
  }
  return (
    <ol className="space-y-2" aria-label="Record next">
      {list.data.items.map((item) => (
        <RecordNextEntry
          key={item.questionId}
          storyfileId={storyfileId}
          item={item}
          canEdit={canEdit}
        />
      ))}
    </ol>
  );
}

function RecordNextEntry({
  storyfileId,
  item,
  canEdit,
}: {
  storyfileId: string;
  item: RecordNextItem;
  canEdit: boolean;
}) {
  const apply = useApplyReviewChange(storyfileId);
  const undo = useUndoReviewAction(storyfileId);
  const { showToast } = useToast();
  const addWords = () =>
    apply.mutate(
      { kind: 'correct', entryIds: item.entryIds, questionId: item.questionId },
      {
        onSuccess: ({ action, preview }) =>
          showToast({
            kind: preview.toFallback > 0 ? 'warning' : 'success',
            message: `The visitors’ words are now alternates of “${item.questionText}”, which is still to record. ${describeAppliedReview(preview)}`,
            action: { label: 'Undo', onClick: () => undo.mutate(action.id) },
          }),
      },
    );
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`To record: ${item.questionText}`}
    >
      <p className="font-semibold break-words text-slate-900">{item.questionText}</p>
      <p className="mt-0.5 text-xs break-words text-slate-600">
        {item.topicName} · asked by {formatCount(item.visitors, 'visitor')} in{' '}
        {formatCount(item.count, 'question')}
      </p>
      <p className="mt-2 text-xs font-semibold text-slate-700">Their words</p>
      <ul className="mt-1 flex flex-wrap gap-1">
        {item.questions.map((question) => (
          <li
            key={question.text}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs wrap-anywhere text-slate-700"
          >
            {question.text}
            {question.count > 1 ? ` (${question.count})` : ''}
          </li>
        ))}
      </ul>
      {apply.error ? <Alert kind="error">{apply.error.message}</Alert> : null}
      {canEdit ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={recordQuestionHref(storyfileId, item.questionId)}
            className={getButtonClassName('primary', 'sm')}
            aria-label={`Record “${item.questionText}”`}
          >
            <Video className="size-3.5" aria-hidden="true" />
            Record it
          </Link>
          <Button
            size="sm"
            isLoading={apply.isPending}
            onClick={addWords}
            aria-label={`Add their words as alternates of “${item.questionText}”`}
          >
            Add their words as alternates
          </Button>
        </div>
      ) : null}
    </li>
  );
}
