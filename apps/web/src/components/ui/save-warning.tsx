import { useEffect, useRef } from 'react';
import { Button } from './button';

/**
 * A confirmation inside a form, before something the server accepts but a person rarely means is
 * saved (a date already past, an empty storyfile offered in the app): the warnings, then "Save
 * anyway" or "Go back". It takes the place of the form's buttons, and the focus, while it shows.
 */
export function SaveWarning({
  warnings,
  confirmText = 'Save anyway',
  isPending,
  onConfirm,
  onCancel,
}: {
  warnings: readonly string[];
  confirmText?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      role="alertdialog"
      aria-label="Before saving"
      tabIndex={-1}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 focus:outline-2 focus:outline-amber-500"
    >
      <p className="font-semibold">Warning! Before saving:</p>
      <ul className="list-disc space-y-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="cancel" onClick={onCancel}>
          Go back
        </Button>
        <Button variant="primary" isLoading={isPending} onClick={onConfirm}>
          {confirmText}
        </Button>
      </div>
    </div>
  );
}
