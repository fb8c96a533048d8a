import type { ReactNode } from 'react';

export const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500';

/** A labelled form field with an optional hint under the label. */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint === undefined ? null : <p className="text-xs wrap-anywhere text-slate-500">{hint}</p>}
      <div className="mt-1">{children}</div>
    </div>
  );
}
