import { type CustomCategory, type SavedCategory } from '@conversa/contracts';
import { useUpdateCategory } from '../api/categories';
import { useCategoryChangePreview } from '../api/change-previews';
import { describeCategoryScope, describeCategoryUsage } from '../utils/phrases';
import { useEffectToast } from '../hooks/use-effect-toast';
import { VocabularyItemActions } from './vocabulary-item-actions';
import { ChangeEffectPreview } from './change-effect-preview';
import { CategoryForm } from './category-form';

/**
 * What deleting a category would do to past questions, in its delete confirmation before the person
 * confirms (issue 28: no change to matching without its preview).
 */
export function CategoryDeletionEffect({ category }: { category: CustomCategory }) {
  const preview = useCategoryChangePreview({
    namespaceId: category.namespaceId,
    categoryId: category.id,
    category: null,
  });
  return <ChangeEffectPreview isEnabled error={preview.error} data={preview.data} idleText="" />;
}

/** One category: its phrases and usage, or its form while it is being edited. */
export function CategoryItem({
  category,
  canEdit,
  isEditing,
  onEdit,
  onSaved,
  onDelete,
}: {
  category: CustomCategory;
  canEdit: boolean;
  isEditing: boolean;
  onEdit: (id: string | null) => void;
  onSaved: (saved: SavedCategory) => void;
  onDelete: (category: CustomCategory) => void;
}) {
  const update = useUpdateCategory();
  const toastEffect = useEffectToast();
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`Category: ${category.name}`}
    >
      {isEditing ? (
        <CategoryForm
          initial={category}
          submitLabel="Save"
          isPending={update.isPending}
          error={update.error}
          onCancel={() => onEdit(null)}
          onSubmit={(body) =>
            update.mutate(
              { id: category.id, body },
              {
                onSuccess: (result) => {
                  onSaved(result);
                  onEdit(null);
                  toastEffect(`Saved "${result.category.name}".`, result.effect);
                },
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-slate-900">{category.name}</p>
            <p className="text-xs break-words text-slate-600">
              Applies to: {describeCategoryScope(category)}
            </p>
            <ul className="mt-1 flex flex-wrap gap-1" aria-label="Phrases">
              {category.phrases.map((phrase) => (
                <li
                  key={phrase}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs wrap-anywhere text-slate-700"
                >
                  {phrase}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-slate-600">
              {describeCategoryUsage(category.usedByAnswers, category.foldedQuestions)}
            </p>
          </div>
          {canEdit ? (
            <VocabularyItemActions
              label={category.name}
              onEdit={() => onEdit(category.id)}
              onDelete={() => onDelete(category)}
            />
          ) : null}
        </div>
      )}
    </li>
  );
}
