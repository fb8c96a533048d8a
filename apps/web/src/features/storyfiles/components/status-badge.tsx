import { STORYFILE_STATUS_LABELS, type StoryfileStatus } from '@conversa/contracts';
import { cn } from '@/components/ui/cn';

const STYLES: Record<StoryfileStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  recording: 'bg-amber-50 text-amber-800 ring-amber-200',
  ready: 'bg-brand-50 text-brand-800 ring-brand-200',
  published: 'bg-green-50 text-green-800 ring-green-200',
};

export function StatusBadge({
  status,
  isDeleted,
}: {
  status: StoryfileStatus;
  isDeleted?: boolean;
}) {
  if (isDeleted) {
    return (
      <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200">
        Deleted
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        STYLES[status],
      )}
    >
      {STORYFILE_STATUS_LABELS[status]}
    </span>
  );
}
