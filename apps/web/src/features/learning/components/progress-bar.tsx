import { PROGRESS_STATE_LABELS, type Progress } from '@conversa/contracts';
import { cn } from '@/components/ui/cn';

const STATE_STYLES = {
  not_started: 'bg-slate-100 text-slate-700',
  in_progress: 'bg-brand-50 text-brand-800',
  completed: 'bg-green-50 text-green-800',
  late: 'bg-amber-50 text-amber-900',
} as const;

export function StateBadge({ state }: { state: Progress['state'] }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
        STATE_STYLES[state],
      )}
    >
      {PROGRESS_STATE_LABELS[state]}
    </span>
  );
}

/** Progress toward the completion rule, announced as a percentage. */
export function ProgressBar({ progress, label }: { progress: Progress; label: string }) {
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full',
            progress.completedAt === null ? 'bg-brand-600' : 'bg-green-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 text-right text-xs text-slate-700 tabular-nums">{percent}%</span>
    </div>
  );
}
