import {
  countLostAnswers,
  describeAppliedEffect,
  type CategoryChangePreviewBody,
  type ChangeEffect,
  type CurrentUser,
  type CustomCategory,
  type SavedCategory,
} from '@conversa/contracts';
import { Shapes } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { SearchOption } from '@/lib/search-box';
import {
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../api/categories';
import { useCategoryChangePreview } from '../api/change-previews';
import { useStoryfileOptions } from '@/entities/storyfile';
import {
  describeCategoryScope,
  describeCategoryUsage,
  NAMESPACE_SCOPE_LABEL,
  parsePhrases,
} from '../utils/phrases';
import { CategoryCsvPanel } from './category-csv-panel';
import { ChangeEffectPreview } from './change-effect-preview';
import { TestBench } from './test-bench';
import { ChosenStoryfileTools, VocabularyScreen } from './vocabulary-screen';

const PATH = '/training/custom_categories';
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'name', label: 'Name', isActive: true, isDisabled: false },
  { value: 'phrases', label: 'Phrases', isActive: true, isDisabled: false },
];
const CONTROL_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function Warnings({ saved }: { saved: SavedCategory | null }) {
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

/** The message once a category is saved or deleted: what it did to past questions too. */
function useEffectToast() {
  const { showToast } = useToast();
  return (done: string, effect: ChangeEffect) =>
    showToast({
      kind: countLostAnswers(effect) > 0 ? 'warning' : 'success',
      message: `${done} ${describeAppliedEffect(effect)}`,
    });
}

/** The preview body of the form's category, once it has a name and two phrases; else null. */
function toPreviewBody(
  namespaceId: string,
  scope: { categoryId?: string; storyfileId?: string },
  name: string,
  phrases: string[],
): CategoryChangePreviewBody | null {
  if (name.trim() === '' || phrases.length < 2) {
    return null;
  }
  return { namespaceId, ...scope, category: { name, phrases } };
}

interface CategoryFormBody {
  name: string;
  phrases: string[];
  /** The storyfile the new category is an addition of; the namespace's own when omitted. */
  storyfileId?: string;
}

/**
 * The scope of a new category: the namespace, or one of its storyfiles. The update contract
 * has no scope, so an existing category's scope is shown, not chosen.
 */
function ScopeField({
  namespaceId,
  storyfileId,
  onChange,
}: {
  namespaceId: string;
  storyfileId: string;
  onChange: (storyfileId: string) => void;
}) {
  const id = useId();
  const storyfiles = useStoryfileOptions({ namespaceId });
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Applies to
      </label>
      <select
        id={id}
        className={CONTROL_CLASS}
        value={storyfileId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{NAMESPACE_SCOPE_LABEL}</option>
        {(storyfiles.data?.items ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            Only {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Name and phrases, and for a new category its scope; used to create a category and to edit one. */
function CategoryForm({
  initial,
  namespaceId,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: CustomCategory;
  /** Given for a new category: its scope is chosen among this namespace's storyfiles. */
  namespaceId?: string;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (body: CategoryFormBody) => void;
  onCancel?: () => void;
}) {
  const ids = { name: useId(), phrases: useId() };
  const [name, setName] = useState(initial?.name ?? '');
  const [phrases, setPhrases] = useState(initial?.phrases.join('\n') ?? '');
  const [storyfileId, setStoryfileId] = useState('');
  const previewBody = useDebouncedValue(
    toPreviewBody(
      initial?.namespaceId ?? namespaceId ?? '',
      initial ? { categoryId: initial.id } : storyfileId === '' ? {} : { storyfileId },
      name,
      parsePhrases(phrases),
    ),
    400,
  );
  const preview = useCategoryChangePreview(previewBody);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      name,
      phrases: parsePhrases(phrases),
      ...(namespaceId === undefined || storyfileId === '' ? {} : { storyfileId }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={ids.name} className="text-sm font-semibold text-slate-700">
          Name
        </label>
        <input
          id={ids.name}
          className={CONTROL_CLASS}
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.phrases} className="text-sm font-semibold text-slate-700">
          Phrases (one per line, or separated by commas)
        </label>
        <textarea
          id={ids.phrases}
          className={CONTROL_CLASS}
          rows={3}
          value={phrases}
          required
          onChange={(event) => setPhrases(event.target.value)}
        />
      </div>
      {namespaceId !== undefined ? (
        <ScopeField namespaceId={namespaceId} storyfileId={storyfileId} onChange={setStoryfileId} />
      ) : initial ? (
        <p className="text-sm break-words text-slate-600">
          Applies to: {describeCategoryScope(initial)}
        </p>
      ) : null}
      <ChangeEffectPreview
        isEnabled={previewBody !== null}
        error={preview.error}
        data={preview.data}
        idleText="Give a name and two phrases to see which past questions this would move."
      />
      {error ? <Alert kind="error">{error.message}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" isLoading={isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="cancel" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * What deleting a category would do to past questions, in its delete confirmation before the person
 * confirms (issue 28: no change to matching without its preview).
 */
function CategoryDeletionEffect({ category }: { category: CustomCategory }) {
  const preview = useCategoryChangePreview({
    namespaceId: category.namespaceId,
    categoryId: category.id,
    category: null,
  });
  return <ChangeEffectPreview isEnabled error={preview.error} data={preview.data} idleText="" />;
}

/** One category: its phrases and usage, or its form while it is being edited. */
function CategoryItem({
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
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs break-words text-slate-700"
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
            <div className="flex gap-1.5">
              <Button
                size="sm"
                onClick={() => onEdit(category.id)}
                aria-label={`Edit ${category.name}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                onClick={() => onDelete(category)}
                aria-label={`Delete ${category.name}`}
              >
                Delete
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** The new-category form; it starts empty again after each category added. */
function NewCategory({
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
          <Warnings saved={saved} />
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
