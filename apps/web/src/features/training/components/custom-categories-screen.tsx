import { type CurrentUser, type SavedCategory } from '@conversa/contracts';
import { Shapes } from 'lucide-react';
import { useState } from 'react';
import type { SearchOption } from '@/lib/search-box';
import { useCategories, useDeleteCategory } from '../api/categories';
import { useEffectToast } from '../hooks/use-effect-toast';
import { CategoryCsvPanel } from './category-csv-panel';
import { TestBench } from './test-bench';
import { ChosenStoryfileTools, VocabularyScreen } from './vocabulary-screen';
import { CategoryWarnings } from './category-warnings';
import { CategoryDeletionEffect, CategoryItem } from './category-item';
import { NewCategory } from './new-category';

const PATH = '/training/custom_categories';
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'name', label: 'Name', isActive: true, isDisabled: false },
  { value: 'phrases', label: 'Phrases', isActive: true, isDisabled: false },
];

/** The test bench on the chosen storyfile: which categories fold a typed or said phrase. */
function CategoryBench({ user }: { user: CurrentUser }) {
  return (
    <ChosenStoryfileTools
      user={user}
      emptyText="Choose a storyfile to try phrases on the test bench and see which categories fold them."
    >
      {(storyfileId) => <TestBench storyfileId={storyfileId} />}
    </ChosenStoryfileTools>
  );
}

/**
 * /training/custom_categories: groups of interchangeable words the matcher folds on both sides,
 * per namespace or as one storyfile's addition, searched and paged on the server, and the test
 * bench shared with Custom words. Saving takes effect from the next question.
 */
export function CustomCategoriesScreen({ user }: { user: CurrentUser }) {
  const toastEffect = useEffectToast();
  const remove = useDeleteCategory({
    onDeleted: (effect) => toastEffect('Category deleted.', effect),
  });
  const [saved, setSaved] = useState<SavedCategory | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <VocabularyScreen
      user={user}
      path={PATH}
      fallbackTitle="Custom Categories"
      description='Words or phrases that mean the same here ("film", "movie", "motion picture"). The matcher treats them as one, in your answers’ phrasings and in visitors’ questions alike.'
      noun={{ one: 'category', many: 'categories' }}
      searchOptions={SEARCH_OPTIONS}
      useList={useCategories}
      newItem={{
        heading: 'New category',
        render: (namespaceId) => <NewCategory namespaceId={namespaceId} onSaved={setSaved} />,
      }}
      renderTools={(namespaceId, canEdit) => (
        <>
          <CategoryWarnings saved={saved} />
          <CategoryCsvPanel namespaceId={namespaceId} canEdit={canEdit} />
        </>
      )}
      emptyText="No categories yet. Add one above: two or more words that mean the same."
      noMatchText="No category matches this search."
      emptyIcon={<Shapes className="size-4 text-slate-400" aria-hidden="true" />}
      renderItems={(categories, canEdit, onDelete) => (
        <ul className="space-y-2">
          {categories.map((category) => (
            <CategoryItem
              key={category.id}
              category={category}
              canEdit={canEdit}
              isEditing={editingId === category.id}
              onEdit={setEditingId}
              onSaved={setSaved}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
      remove={remove}
      deleteTitle="Delete this category?"
      describeDeletion={(category) =>
        `"${category?.name ?? ''}" stops folding its phrases from the next question.`
      }
      renderDeletionEffect={(category) => <CategoryDeletionEffect category={category} />}
    >
      <CategoryBench user={user} />
    </VocabularyScreen>
  );
}
