import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A text that turns into an input on demand: Enter or leaving the field saves, Escape cancels.
 * Nothing is sent when the text did not change or is blank.
 */
export function InlineEdit({
  value,
  label,
  onSave,
  isEditable,
  className,
}: {
  value: string;
  /** Accessible name of the edit button and the input, e.g. `Rename topic Hobbies`. */
  label: string;
  onSave: (next: string) => Promise<unknown>;
  isEditable: boolean;
  className?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
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

  async function commit() {
    if (draft === null) {
      return;
    }
    const next = draft.trim();
    if (next === '' || next === value) {
      setDraft(null);
      return;
    }
    setIsSaving(true);
    try {
      await onSave(next);
      setDraft(null);
    } catch {
      // The caller shows the error; keep the text so it can be corrected.
    } finally {
      setIsSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      shouldRefocus.current = true;
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      shouldRefocus.current = true;
      setDraft(null);
    }
  }

  if (draft !== null) {
    return (
      <input
        aria-label={label}
        value={draft}
        disabled={isSaving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
        autoFocus
        className={cn(
          'h-8 w-full min-w-0 rounded-md border border-brand-400 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-200 focus:outline-none',
          className,
        )}
      />
    );
  }
  if (!isEditable) {
    // block and max-w-full: an inline box never clips, so a long name would push its row's
    // badge, count and delete button out of reach instead of ending in an ellipsis.
    return <span className={cn('block max-w-full min-w-0 truncate', className)}>{value}</span>;
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title="Click to edit"
      onClick={() => setDraft(value)}
      className={cn(
        'block max-w-full min-w-0 truncate rounded px-1 -mx-1 text-left hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
        className,
      )}
    >
      {value}
    </button>
  );
}
