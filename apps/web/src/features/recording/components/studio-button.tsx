import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

const TONES = {
  record:
    'rounded-full bg-red-600 px-6 text-white shadow-sm hover:bg-red-500 disabled:bg-slate-600 disabled:text-slate-300',
  stop: 'rounded-full bg-white px-6 text-slate-900 shadow-sm hover:bg-slate-200',
  keep: 'rounded-lg bg-green-600 px-4 text-white shadow-sm hover:bg-green-500',
  ghost:
    'rounded-lg border border-white/20 bg-white/5 px-3.5 text-white hover:bg-white/15 disabled:border-white/10 disabled:bg-transparent disabled:text-slate-500',
} as const;

/** A button of the dark recording stage (the ui kit's buttons are made for light pages). */
export function StudioButton({
  tone,
  icon,
  shortcut,
  children,
  className,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  tone: keyof typeof TONES;
  icon?: ReactNode;
  /** Shown as a key cap and announced through aria-keyshortcuts. */
  shortcut?: { label: string; aria: string };
}) {
  return (
    <button
      {...rest}
      type="button"
      aria-keyshortcuts={shortcut?.aria}
      className={cn(
        'inline-flex h-10 items-center justify-center gap-2 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed',
        TONES[tone],
        className,
      )}
    >
      {icon}
      {children}
      {shortcut === undefined ? null : (
        <kbd className="rounded border border-current/40 px-1 font-mono text-[0.7rem] leading-4 opacity-80">
          {shortcut.label}
        </kbd>
      )}
    </button>
  );
}
