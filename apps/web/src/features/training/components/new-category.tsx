import { type SavedCategory } from '@conversa/contracts';
import { useState } from 'react';
import { useCreateCategory } from '../api/categories';
import { useEffectToast } from '../hooks/use-effect-toast';
import { CategoryForm } from './category-form';

/** The new-category form; it starts empty again after each category added. */
export function NewCategory({
  namespaceId,
  onSaved,
}: {
  namespaceId: string;
  onSaved: (saved: SavedCategory) => void;
}) {
  const create = useCreateCategory();
  const toastEffect = useEffectToast();
  const [formKey, setFormKey] = useState(0);
  return (
    <CategoryForm
      key={formKey}
      namespaceId={namespaceId}
      submitLabel="Add category"
      isPending={create.isPending}
      error={create.error}
      onSubmit={(body) =>
        create.mutate(
          { ...body, namespaceId },
          {
            onSuccess: (result) => {
              onSaved(result);
              setFormKey((key) => key + 1);
              toastEffect(`Added "${result.category.name}".`, result.effect);
            },
          },
        )
      }
    />
  );
}
