import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';

/** A labelled text input with an optional error line under it. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const messageId = useId();
  const message = error ?? hint;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={message === undefined ? undefined : messageId}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
        {...rest}
      />
      {message === undefined ? null : (
        <p id={messageId} className={cn('text-sm', error ? 'text-red-700' : 'text-slate-500')}>
          {message}
        </p>
      )}
    </div>
  );
}
