import {
  LEARNED_SOURCE_LABELS,
  LEARNED_STATUS_LABELS,
  type LearnedQuestion,
} from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatUsDateTime } from '@/lib/format';
import { useLearnedQuestions, useSetLearnedRemoved } from '../api/learned-questions';

/**
 * Why removing one learned question changes the counts of others (issue 68 item 8): each counts
 * the visitors of questions much like it too, so a removed one's visitors leave their counts.
 */
export const LEARNED_COUNTS_NOTE =
  'Each count includes the visitors who gave a question much like it the same answer, so removing one takes its visitors out of the counts of the questions much like it (and one may wait again).';

/**
 * What the storyfile learned from its visitors (issue 50 item 2): each visitor's question and the
 * answer it was labelled with, from how many visitors and when, and whether the matcher uses it;
 * an editor removes one (it teaches nothing, whoever labels it again) or undoes the removal.
 */
export function LearnedQuestions({
  storyfileId,
  canEdit,
  timeZone,
}: {
  storyfileId: string;
  canEdit: boolean;
  timeZone?: string;
}) {
  const learned = useLearnedQuestions(storyfileId);
  const change = useSetLearnedRemoved(storyfileId);
  if (learned.isPending) {
    return <Spinner label="Loading what was learned" />;
  }
  if (learned.error) {
    return <Alert kind="error">{learned.error.message}</Alert>;
  }
  const { items, minVisitors, perAnswer } = learned.data;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        A suggestion a visitor pressed, an answer rated thumbs up and your corrections teach the
        storyfile. A question is learned once {formatCount(minVisitors, 'visitor')} gave it, or a
        question much like it, the same answer (your correction alone is enough), at most{' '}
        {perAnswer} an answer, and weighs less than your own alternates.
      </p>
      <p className="text-sm text-slate-600">{LEARNED_COUNTS_NOTE}</p>
      {change.error ? <Alert kind="error">{change.error.message}</Alert> : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing learned from visitors yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((item) => (
            <LearnedItem
              key={item.id}
              item={item}
              canEdit={canEdit}
              isBusy={change.isPending && change.variables.labelId === item.id}
              onChange={(isRemoved) => change.mutate({ labelId: item.id, isRemoved })}
              {...(timeZone === undefined ? {} : { timeZone })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function LearnedItem({
  item,
  canEdit,
  isBusy,
  onChange,
  timeZone,
}: {
  item: LearnedQuestion;
  canEdit: boolean;
  isBusy: boolean;
  onChange: (isRemoved: boolean) => void;
  timeZone?: string;
}) {
  const isRemoved = item.status === 'removed';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 p-3">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words text-slate-900">
          {item.text}
          <span className="font-normal text-slate-700"> → {item.questionText}</span>
          <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-700">
            {LEARNED_STATUS_LABELS[item.status]}
          </span>
        </p>
        <p className="text-xs text-slate-600">
          {formatCount(item.visitors, 'visitor')} ·{' '}
          {item.sources.map((source) => LEARNED_SOURCE_LABELS[source]).join(', ')} · first{' '}
          {formatUsDateTime(item.firstAt, timeZone)}, last {formatUsDateTime(item.lastAt, timeZone)}
        </p>
      </div>
      {canEdit ? (
        <Button
          size="sm"
          isLoading={isBusy}
          onClick={() => onChange(!isRemoved)}
          aria-label={`${isRemoved ? 'Undo removal' : 'Remove'}: ${item.text} → ${item.questionText}`}
        >
          {isRemoved ? 'Undo removal' : 'Remove'}
        </Button>
      ) : null}
    </li>
  );
}
