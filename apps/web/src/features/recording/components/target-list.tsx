import { useId } from 'react';
import { cn } from '@/components/ui/cn';
import type { TargetListEntry } from '../utils/target-entries';
import { groupRecordTargets } from '../utils/targets';
import { TargetStatusIcon, TargetStatusText } from './target-status';
import { formatNumber } from '@/lib/format';

/**
 * Every question (grouped by topic) and clip, each with its state; clicking one records it.
 * Locked while a take is running or waiting to be kept.
 */
export function TargetList({
  entries,
  currentKey,
  isOnlyUnrecorded,
  onOnlyUnrecordedChange,
  onSelect,
  lockedReason,
}: {
  entries: TargetListEntry[];
  currentKey: string | null;
  isOnlyUnrecorded: boolean;
  onOnlyUnrecordedChange: (value: boolean) => void;
  onSelect: (key: string) => void;
  /** Why choosing another target is not possible now, or null when it is. */
  lockedReason: string | null;
}) {
  const filterId = useId();
  const lockedId = useId();
  const doneCount = entries.filter((entry) => entry.isDone).length;
  const shown = isOnlyUnrecorded
    ? entries.filter((entry) => !entry.isDone || entry.item.key === currentKey)
    : entries;
  const byKey = new Map(entries.map((entry) => [entry.item.key, entry]));
  const groups = groupRecordTargets(shown.map((entry) => entry.item));
  const percent = entries.length === 0 ? 0 : Math.round((doneCount / entries.length) * 100);

  return (
    <nav
      aria-label="Questions and clips"
      className="flex max-h-[calc(100vh-8rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-4"
    >
      <div className="border-b border-slate-200 px-4 py-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">Questions and clips</h2>
          <p className="text-xs text-slate-600">
            {formatNumber(doneCount)} of {formatNumber(entries.length)} done
          </p>
        </div>
        <div
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Recorded so far"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-green-500" style={{ width: `${percent}%` }} />
        </div>
        <label htmlFor={filterId} className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input
            id={filterId}
            type="checkbox"
            checked={isOnlyUnrecorded}
            onChange={(event) => onOnlyUnrecordedChange(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Only unrecorded
        </label>
        {lockedReason === null ? null : (
          <p id={lockedId} className="mt-2 text-xs text-amber-800">
            {lockedReason}
          </p>
        )}
      </div>
      <div className="flex-1 overflow-y-auto px-2 py-2">
        {groups.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-slate-600">
            Everything has a take. Untick “Only unrecorded” to see them all.
          </p>
        ) : null}
        {groups.map((group) => (
          <section key={group.key} aria-label={group.name} className="mb-2">
            <h3 className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.name}
            </h3>
            <ul className="space-y-0.5">
              {group.items.map((item) => {
                const entry = byKey.get(item.key);
                if (entry === undefined) {
                  return null;
                }
                const isCurrent = item.key === currentKey;
                const title =
                  item.target.kind === 'question' ? item.target.questionText : item.target.label;
                return (
                  <li key={item.key}>
                    <button
                      type="button"
                      aria-current={isCurrent ? 'step' : undefined}
                      disabled={lockedReason !== null && !isCurrent}
                      aria-describedby={lockedReason === null ? undefined : lockedId}
                      onClick={() => onSelect(item.key)}
                      className={cn(
                        'flex w-full items-start gap-2.5 rounded-lg px-2 py-2 text-left text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                        isCurrent
                          ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-200'
                          : 'text-slate-800 hover:bg-slate-50',
                      )}
                    >
                      <TargetStatusIcon tone={entry.status.tone} className="mt-0.5" />
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2 font-medium">
                          {item.questionNumber === null ? null : (
                            <span className="text-slate-600">{item.questionNumber}. </span>
                          )}
                          {title}
                        </span>
                        <TargetStatusText status={entry.status} className="mt-0.5 block" />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
