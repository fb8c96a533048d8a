import * as Tooltip from '@radix-ui/react-tooltip';
import { CheckCircle2, CircleAlert, Clock, Loader2, UploadCloud } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { UploadStatusLabel } from '../utils/upload-summary';

const TONES: Record<UploadStatusLabel['tone'], { className: string; icon: typeof Clock }> = {
  progress: { className: 'bg-brand-50 text-brand-800 ring-brand-200', icon: UploadCloud },
  processing: { className: 'bg-amber-50 text-amber-800 ring-amber-200', icon: Loader2 },
  done: { className: 'bg-green-50 text-green-800 ring-green-200', icon: CheckCircle2 },
  waiting: { className: 'bg-slate-100 text-slate-700 ring-slate-200', icon: Clock },
  failed: { className: 'bg-red-50 text-red-800 ring-red-200', icon: CircleAlert },
};

/**
 * A per-video status label (spec §2). Labels with a tooltip are buttons, so the tooltip opens on
 * keyboard focus as well as on hover.
 */
export function UploadStatusBadge({ label }: { label: UploadStatusLabel }) {
  const tone = TONES[label.tone];
  const Icon = tone.icon;
  const className = cn(
    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
    tone.className,
  );
  const content = (
    <>
      <Icon
        className={cn('size-3.5', label.tone === 'processing' && 'animate-spin')}
        aria-hidden="true"
      />
      {label.text}
    </>
  );
  if (label.tooltip === null) {
    return <span className={className}>{content}</span>;
  }
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className={cn(
            className,
            'cursor-help focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none',
          )}
        >
          {content}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          className="z-[60] rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
        >
          {label.tooltip}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** A thin progress bar with an accessible name and value. */
export function ProgressMeter({
  value,
  label,
  className,
}: {
  value: number;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
