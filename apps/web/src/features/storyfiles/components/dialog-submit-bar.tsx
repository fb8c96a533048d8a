import { useId } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A storyfile dialog's last row: why it cannot be sent yet (the submit button points at it),
 * Cancel, and the submit button, disabled while there is a reason.
 */
export function DialogSubmitBar({
  blocker,
  isPending,
  submitLabel,
  onCancel,
}: {
  blocker: string | null;
  isPending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const blockerId = useId();
  return (
    // The reason on a line of its own, the buttons together on theirs: beside the reason they
    // split onto two rows until a name was typed (issue 44).
    <div className="space-y-2 pt-2">
      <p id={blockerId} className="text-sm text-slate-600 empty:hidden">
        {blocker}
      </p>
      <div className="flex flex-wrap items-center justify-end gap-2" data-testid="dialog-buttons">
        <Button variant="cancel" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          isLoading={isPending}
          disabled={blocker !== null}
          aria-describedby={blockerId}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
