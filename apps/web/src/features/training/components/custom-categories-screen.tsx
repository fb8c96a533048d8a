import {
  canSeeNamespace,
  findRoute,
  hasRoleInNamespace,
  roleRequiredMessage,
  type CurrentUser,
  type CustomCategory,
  type SavedCategory,
} from '@conversa/contracts';
import { Shapes } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import {
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../api/categories';
import { describeCategoryUsage, parsePhrases } from '../utils/phrases';
import { CategoryCsvPanel } from './category-csv-panel';

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

/** Name and phrases; used to create a category and to edit one. */
function CategoryForm({
  initial,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: CustomCategory;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (body: { name: string; phrases: string[] }) => void;
  onCancel?: () => void;
}) {
  const ids = { name: useId(), phrases: useId() };
  const [name, setName] = useState(initial?.name ?? '');
  const [phrases, setPhrases] = useState(initial?.phrases.join('\n') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, phrases: parsePhrases(phrases) });
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
 * /training/custom_categories: groups of interchangeable words the matcher folds on both sides,
 * per namespace, searched and paged on the server. Saving takes effect from the next question.
 */
export function CustomCategoriesScreen({ user }: { user: CurrentUser }) {
  const namespaces = user.namespaces.filter(
    (namespace) => namespace.label !== '' && canSeeNamespace(user, namespace.id),
  );
  const [params, setParams] = useSearchParams();
  const namespaceId =
    namespaces.find((namespace) => namespace.id === params.get('namespaceId'))?.id ??
    namespaces[0]?.id;
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const query = {
    namespaceId: namespaceId ?? '',
    page: listQuery.page,
    pageSize,
    ...(listQuery.search === '' ? {} : { search: listQuery.search }),
    ...(listQuery.searchOptions.length === 0
      ? {}
      : { searchOptions: listQuery.searchOptions.join(',') }),
  };
  const list = useCategories(query, { enabled: namespaceId !== undefined });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [saved, setSaved] = useState<SavedCategory | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CustomCategory | null>(null);
  const [formKey, setFormKey] = useState(0);
  const namespaceFieldId = useId();
  const canEdit = namespaceId !== undefined && hasRoleInNamespace(user, namespaceId, 'edit:ns');
  const title = findRoute(PATH)?.label ?? 'Custom Categories';
  const page = list.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description='Words or phrases that mean the same here ("film", "movie", "motion picture"). The matcher treats them as one, in your answers’ phrasings and in visitors’ questions alike.'
      />
      {namespaces.length > 1 ? (
        <div className="flex flex-col gap-1 sm:w-80">
          <label htmlFor={namespaceFieldId} className="text-sm font-semibold text-slate-700">
            Namespace
          </label>
          <select
            id={namespaceFieldId}
            className={CONTROL_CLASS}
            value={namespaceId ?? ''}
            onChange={(event) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('namespaceId', event.target.value);
                next.delete('page');
                return next;
              })
            }
          >
            {namespaces.map((namespace) => (
              <option key={namespace.id} value={namespace.id}>
                {namespace.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {namespaceId === undefined ? (
        <Alert kind="warning">You are not a member of any namespace yet.</Alert>
      ) : (
        <>
          {canEdit ? (
            <section
              aria-labelledby="new-category-heading"
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 id="new-category-heading" className="mb-3 font-semibold text-slate-900">
                New category
              </h2>
              <CategoryForm
                key={formKey}
                submitLabel="Add category"
                isPending={create.isPending}
                error={create.error}
                onSubmit={(body) =>
                  create.mutate(
                    { ...body, namespaceId },
                    {
                      onSuccess: (result) => {
                        setSaved(result);
                        setFormKey((key) => key + 1);
                      },
                    },
                  )
                }
              />
            </section>
          ) : (
            <p className="text-sm text-slate-600">
              {roleRequiredMessage('edit:ns')} to change categories.
            </p>
          )}
          <Warnings saved={saved} />
          <CategoryCsvPanel namespaceId={namespaceId} canEdit={canEdit} />
          <ListSearchBox options={SEARCH_OPTIONS} label="Search categories" />
          <p className="text-sm text-slate-600" aria-live="polite">
            {page === undefined
              ? null
              : `${formatNumber(page.total)} ${page.total === 1 ? 'category' : 'categories'}`}
            {list.isFetching ? <Spinner className="ml-2 size-3" label="Updating" /> : null}
          </p>
          {list.isPending ? (
            <Spinner label="Loading categories" />
          ) : list.error ? (
            <Alert kind="error">{list.error.message}</Alert>
          ) : page === undefined || page.items.length === 0 ? (
            <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
              <Shapes className="size-4 text-slate-400" aria-hidden="true" />
              {listQuery.search === ''
                ? 'No categories yet. Add one above: two or more words that mean the same.'
                : 'No category matches this search.'}
            </p>
          ) : (
            <ul className="space-y-2">
              {page.items.map((category) => (
                <li
                  key={category.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  aria-label={`Category: ${category.name}`}
                >
                  {editingId === category.id ? (
                    <CategoryForm
                      initial={category}
                      submitLabel="Save"
                      isPending={update.isPending}
                      error={update.error}
                      onCancel={() => setEditingId(null)}
                      onSubmit={(body) =>
                        update.mutate(
                          { id: category.id, body },
                          {
                            onSuccess: (result) => {
                              setSaved(result);
                              setEditingId(null);
                            },
                          },
                        )
                      }
                    />
                  ) : (
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="font-semibold break-words text-slate-900">
                          {category.name}
                          {category.storyfileName ? (
                            <span className="ml-2 text-xs font-normal text-slate-500">
                              only {category.storyfileName}
                            </span>
                          ) : null}
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
                            onClick={() => setEditingId(category.id)}
                            aria-label={`Edit ${category.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            onClick={() => setDeleting(category)}
                            aria-label={`Delete ${category.name}`}
                          >
                            Delete
                          </Button>
                        </div>
                      ) : null}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {page === undefined || page.total === 0 ? null : (
            <PagingBar
              page={listQuery.page}
              pageCount={page.pageCount}
              pageSize={pageSize}
              onPageChange={(next) => updateListQuery({ page: next })}
              onPageSizeChange={(next) => {
                setPageSize(next);
                updateListQuery({ page: 1 });
              }}
            />
          )}
        </>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete this category?"
        description={`"${deleting?.name ?? ''}" stops folding its phrases from the next question.`}
        confirmText="Delete"
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
          }
        }}
      />
    </div>
  );
}
