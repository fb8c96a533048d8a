import { Copy, ExternalLink } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export const READONLY_FIELD_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** A read-only link an owner copies or opens (the share link, the transcript page). */
export function CopyableLinkField({
  label,
  hint,
  url,
  copyText,
  onCopy,
}: {
  label: string;
  hint: string;
  url: string;
  /** The Copy button's words, e.g. "Copy link". */
  copyText: string;
  onCopy: (text: string, field: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p className="text-xs text-slate-500">{hint}</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={fieldRef}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className={cn(READONLY_FIELD_CLASS, 'min-w-0 grow basis-64')}
        />
        <Button
          icon={<Copy className="size-4" aria-hidden="true" />}
          onClick={() => onCopy(url, fieldRef.current)}
        >
          {copyText}
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          // Two Open links side by side: each names what it opens (its visible word first).
          aria-label={`Open ${label.toLowerCase()} (opens in a new tab)`}
          className={getButtonClassName('default')}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Open
        </a>
      </div>
    </div>
  );
}
