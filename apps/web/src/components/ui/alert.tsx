import { ALERT_PREFIXES } from '@conversa/contracts';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertKind = keyof typeof ALERT_PREFIXES;

const STYLES: Record<AlertKind, { box: string; icon: typeof CircleAlert }> = {
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: TriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert },
  success: { box: 'border-green-200 bg-green-50 text-green-800', icon: CircleCheck },
};

/**
 * An alert banner (spec §2) prefixed `Warning!`, `Error!` or `Success!`. Warnings and errors
 * interrupt a screen reader; a success waits its turn.
 */
export function Alert({
  kind,
  children,
  className,
}: {
  kind: AlertKind;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon } = STYLES[kind];
  return (
    <div
      role={kind === 'success' ? 'status' : 'alert'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">{ALERT_PREFIXES[kind]}</strong> {children}
      </p>
    </div>
  );
}
