import { CheckCircle2, Circle, CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { TargetStatus } from '../utils/upload-state';

const TONE_CLASSES: Record<TargetStatus['tone'], string> = {
  recorded: 'text-green-700',
  missing: 'text-slate-600',
  busy: 'text-brand-700',
  failed: 'text-red-700',
  kept: 'text-brand-700',
};

export function TargetStatusIcon({
  tone,
  className,
}: {
  tone: TargetStatus['tone'];
  className?: string;
}) {
  const iconClass = cn('size-4 shrink-0', className);
  switch (tone) {
    case 'recorded':
      return <CheckCircle2 className={cn(iconClass, 'text-green-600')} aria-hidden="true" />;
    case 'busy':
      return (
        <LoaderCircle className={cn(iconClass, 'animate-spin text-brand-600')} aria-hidden="true" />
      );
    case 'failed':
      return <CircleAlert className={cn(iconClass, 'text-red-600')} aria-hidden="true" />;
    case 'kept':
      return <Clock className={cn(iconClass, 'text-brand-600')} aria-hidden="true" />;
    case 'missing':
      return <Circle className={cn(iconClass, 'text-slate-400')} aria-hidden="true" />;
  }
}

/** A target's state in words (with the spec's tooltip for upload states). */
export function TargetStatusText({
  status,
  className,
}: {
  status: TargetStatus;
  className?: string;
}) {
  return (
    <span
      title={status.tooltip ?? undefined}
      className={cn('text-xs font-medium', TONE_CLASSES[status.tone], className)}
    >
      {status.label}
    </span>
  );
}
