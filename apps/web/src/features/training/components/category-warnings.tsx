import { type SavedCategory } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';

export function CategoryWarnings({ saved }: { saved: SavedCategory | null }) {
  if (!saved || saved.warnings.length === 0) {
    return null;
  }
  return (
    <Alert kind="warning">
      {saved.warnings
        .map((warning) => `"${warning.phrase}" is also in ${warning.otherCategory}`)
        .join('; ')}
      . A phrase in two categories folds into both.
    </Alert>
  );
}
