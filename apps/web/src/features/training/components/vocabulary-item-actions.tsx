import { Button } from '@/components/ui/button';

/** Edit and Delete on one category or word of the list; `label` names it for screen readers. */
export function VocabularyItemActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-1.5">
      <Button size="sm" onClick={onEdit} aria-label={`Edit ${label}`}>
        Edit
      </Button>
      <Button size="sm" onClick={onDelete} aria-label={`Delete ${label}`}>
        Delete
      </Button>
    </div>
  );
}
