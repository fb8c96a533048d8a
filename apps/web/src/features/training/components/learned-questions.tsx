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

/** A correct match of visitors' exchanges to an answer: what accepting their choice is. */
export interface AcceptTarget {
  entryIds: string[];
  questionId: string;
  /** The visitors' question (or the first of several accepted at once). */
  representative: string;
}

/** A pair the author may accept: visitors gave it, the author has not, and it is not removed. */
export function isAcceptable(item: LearnedQuestion): boolean {
  return (
    item.status !== 'removed' && !item.sources.includes('correction') && item.entryIds.length > 0
  );
}

/** The pairs by answer, in the order their answers first appear (the latest labelled first). */
function groupByAnswer(items: readonly LearnedQuestion[]) {
  const groups = new Map<string, { questionText: string; items: LearnedQuestion[] }>();
  for (const item of items) {
    const group = groups.get(item.questionId) ?? { questionText: item.questionText, items: [] };
    group.items.push(item);
    groups.set(item.questionId, group);
  }
  return [...groups].map(([questionId, group]) => ({ questionId, ...group }));
}

/**
 * Why removing one learned question changes the counts of others (issue 68 item 8): each counts
 * the visitors of questions much like it too, so a removed one's visitors leave their counts.
 */
export const LEARNED_COUNTS_NOTE =
  'Each count includes the visitors who gave a question much like it the same answer, so removing one takes its visitors out of the counts of the questions much like it (and one may wait again).';

/**
 * What the storyfile learned from its visitors (issue 50 item 2), by answer: each visitor's
 * question and the answer it was labelled with, from how many visitors and when, and whether the
 * matcher uses it; an editor removes one (it teaches nothing, whoever labels it again) or undoes
 * the removal, and accepts one or all of an answer's (issue 66 item 3: `onAccept` previews the
 * correct match that makes them the author's, which teaches at once).
 */
export function LearnedQuestions({
  storyfileId,
  canEdit,
  timeZone,
  onAccept,
}: {
  storyfileId: string;
  canEdit: boolean;
  timeZone?: string;
  onAccept?: (target: AcceptTarget) => void;
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
        groupByAnswer(items).map((group) => {
          const acceptable = group.items.filter(isAcceptable);
          return (
            <section
              key={group.questionId}
              aria-label={`Answer: ${group.questionText}`}
              className="rounded-xl border border-slate-200 bg-white"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
                <p className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900">
                  → {group.questionText}
                </p>
                {canEdit && onAccept && acceptable.length > 1 ? (
                  <Button
                    size="sm"
                    onClick={() =>
                      onAccept({
                        entryIds: [...new Set(acceptable.flatMap((item) => item.entryIds))],
                        questionId: group.questionId,
                        representative: acceptable[0]!.text,
                      })
                    }
                    aria-label={`Accept all ${acceptable.length} for “${group.questionText}”`}
                  >
                    Accept all {acceptable.length}
                  </Button>
                ) : null}
              </div>
              <ul className="divide-y divide-slate-100">
                {group.items.map((item) => (
                  <LearnedItem
                    key={item.id}
                    item={item}
                    canEdit={canEdit}
                    isBusy={change.isPending && change.variables.labelId === item.id}
                    onChange={(isRemoved) => change.mutate({ labelId: item.id, isRemoved })}
                    {...(onAccept && isAcceptable(item)
                      ? {
                          onAccept: () =>
                            onAccept({
                              entryIds: item.entryIds,
                              questionId: item.questionId,
                              representative: item.text,
                            }),
                        }
                      : {})}
                    {...(timeZone === undefined ? {} : { timeZone })}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

function LearnedItem({
  item,
  canEdit,
  isBusy,
  onChange,
  onAccept,
  timeZone,
}: {
  item: LearnedQuestion;
  canEdit: boolean;
  isBusy: boolean;
  onChange: (isRemoved: boolean) => void;
  onAccept?: () => void;
  timeZone?: string;
}) {
  const isRemoved = item.status === 'removed';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 p-3">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words text-slate-900">
          {item.text}
          <span className="sr-only"> → {item.questionText}</span>
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
        <div className="flex flex-wrap gap-1.5">
          {onAccept ? (
            <Button
              size="sm"
              variant="primary"
              onClick={onAccept}
              aria-label={`Accept: ${item.text} → ${item.questionText}`}
            >
              Accept
            </Button>
          ) : null}
          <Button
            size="sm"
            isLoading={isBusy}
            onClick={() => onChange(!isRemoved)}
            aria-label={`${isRemoved ? 'Undo removal' : 'Remove'}: ${item.text} → ${item.questionText}`}
          >
            {isRemoved ? 'Undo removal' : 'Remove'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
