import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/** A text input or select of a filter bar or a small form, 36 px high. */
export const CONTROL_CLASS =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** A control with its label above it; the control gets the label's id through `children`. */
export function Field({
  label,
  className = 'w-full sm:w-40',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
