import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

/**
 * Text that turns into a field when clicked (or on Enter): Enter or leaving the field saves,
 * Escape cancels. Read-only users see plain text.
 */
export function InlineText({
  value,
  label,
  onSave,
  isEditable,
  isSaving,
  className,
  maxLength,
  buttonRef: outerButtonRef,
}: {
  value: string;
  /** Accessible name, e.g. `Topic name`. */
  label: string;
  onSave: (next: string) => void;
  isEditable: boolean;
  isSaving?: boolean;
  className?: string;
  maxLength?: number;
  /** The text's button, for a list that moves focus to a new item's name. */
  buttonRef?: (element: HTMLButtonElement | null) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const isCancelled = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Enter and Escape end the edit from the keyboard: the field unmounts, so focus goes back to
  // the text's button instead of falling to the page body (issue 15, defect 7). Leaving by Tab
  // or a click keeps focus where the person put it.
  const shouldRefocus = useRef(false);
  useEffect(() => {
    if (draft === null && shouldRefocus.current) {
      shouldRefocus.current = false;
      buttonRef.current?.focus();
    }
  }, [draft]);

  if (!isEditable) {
    return <span className={cn('wrap-anywhere', className)}>{value}</span>;
  }

  function commit() {
    if (isCancelled.current) {
      isCancelled.current = false;
      return;
    }
    const next = (draft ?? value).trim();
    setDraft(null);
    if (next !== '' && next !== value) {
      onSave(next);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      shouldRefocus.current = true;
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      shouldRefocus.current = true;
      isCancelled.current = true;
      setDraft(null);
    }
  }

  if (draft !== null) {
    return (
      <input
        aria-label={label}
        value={draft}
        // The field replaces the text the user just activated, so focus follows.
        autoFocus
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        className={cn(
          'w-full min-w-0 rounded-md border border-brand-400 bg-white px-2 py-1 text-sm ring-2 ring-brand-100 outline-none',
          className,
        )}
      />
    );
  }
  return (
    <button
      ref={(element) => {
        buttonRef.current = element;
        outerButtonRef?.(element);
      }}
      type="button"
      onClick={() => setDraft(value)}
      aria-label={`${label}: ${value}. Edit`}
      className={cn(
        'group/inline inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-md px-1 py-0.5 text-left hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
        className,
      )}
    >
      <span className="wrap-anywhere">{value}</span>
      {isSaving ? (
        <Spinner className="size-3" label="Saving" />
      ) : (
        <Pencil
          className="size-3.5 shrink-0 text-slate-400 opacity-0 group-hover/inline:opacity-100 group-focus-visible/inline:opacity-100"
          aria-hidden="true"
        />
      )}
    </button>
  );
}
