import { Button } from '@/components/ui/button';

/** A category's or word's form buttons: submit, and Cancel while editing one. */
export function VocabularyFormActions({
  submitLabel,
  isPending,
  onCancel,
  className,
}: {
  submitLabel: string;
  isPending: boolean;
  onCancel?: (() => void) | undefined;
  className: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="primary" isLoading={isPending}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="cancel" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
