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
    <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
      <p id={blockerId} className="mr-auto text-sm text-slate-600">
        {blocker}
      </p>
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
  );
}
