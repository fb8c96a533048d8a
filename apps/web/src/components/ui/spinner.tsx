import { cn } from '@/components/ui/cn';

/** A small spinning ring; the label is read by screen readers only. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn(
          'size-4 animate-spin rounded-full border-2 border-current border-t-transparent',
          className,
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
