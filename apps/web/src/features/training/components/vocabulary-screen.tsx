import {
  canSeeNamespace,
  findRoute,
  hasRoleInNamespace,
  roleRequiredMessage,
  type CurrentUser,
} from '@conversa/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { CONTROL_CLASS } from '@/components/ui/field';
import { StoryfilePicker, useStoryfileOptions } from '@/entities/storyfile';

// What Custom categories and Custom words share: a namespace's vocabulary, chosen by namespace,
// added to by its editors, searched and paged on the server, each item deletable after a
// confirmation. Each screen gives only its own form, item rendering and words.

/** The list query a vocabulary screen sends: its namespace, page, page size and §5 search. */
export interface VocabularyQuery {
  namespaceId: string;
  page: number;
  pageSize: number;
  search?: string;
  searchOptions?: string;
}

interface VocabularyPage<Item> {
  items: Item[];
  total: number;
  pageCount: number;
}

export interface VocabularyScreenProps<Item extends { id: string }> {
  user: CurrentUser;
  path: string;
  fallbackTitle: string;
  description: string;
  /** Singular and plural, lower case: "word", "words". */
  noun: { one: string; many: string };
  searchOptions: SearchOption[];
  useList: (
    query: VocabularyQuery,
    options: { enabled: boolean },
  ) => UseQueryResult<VocabularyPage<Item>>;
  /** The "New …" section's form for the chosen namespace (shown to its editors). */
  newItem: { heading: string; render: (namespaceId: string) => ReactNode };
  /** Shown between the new-item section and the search box (warnings, CSV). */
  renderTools?: (namespaceId: string, canEdit: boolean) => ReactNode;
  emptyText: string;
  noMatchText: string;
  emptyIcon?: ReactNode;
  /** The whole list (its `<ul>`) of one page; `onDelete` opens the confirmation. */
  renderItems: (items: Item[], canEdit: boolean, onDelete: (item: Item) => void) => ReactNode;
  remove: UseMutationResult<unknown, Error, string>;
  deleteTitle: string;
  describeDeletion: (item: Item | null) => string;
  /** Shown in the delete confirmation before it is confirmed: what deleting `item` would change. */
  renderDeletionEffect?: (item: Item) => ReactNode;
  /** Below the list, outside the namespace's part (the storyfile tools of Custom words). */
  children?: ReactNode;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The chosen namespace and storyfile. The namespace is `namespaceId` in the address; without one,
 * the chosen storyfile's (a link from Instructions names only the storyfile), else the first
 * visible one. The storyfile (`storyfileId`) belongs to that namespace: choosing another namespace
 * lets go of it, so the list and the test bench never show two namespaces at once.
 */
export function useVocabularyParams(user: CurrentUser) {
  const namespaces = user.namespaces.filter(
    (namespace) => namespace.label !== '' && canSeeNamespace(user, namespace.id),
  );
  const [params, setParams] = useSearchParams();
  const requestedStoryfile = params.get('storyfileId');
  const storyfileId =
    requestedStoryfile && UUID.test(requestedStoryfile) ? requestedStoryfile : undefined;
  const storyfileOptions = useStoryfileOptions();
  const storyfileNamespaceId = storyfileOptions.data?.items.find(
    (option) => option.id === storyfileId,
  )?.namespaceId;
  const namespaceId =
    namespaces.find((namespace) => namespace.id === params.get('namespaceId'))?.id ??
    namespaces.find((namespace) => namespace.id === storyfileNamespaceId)?.id ??
    namespaces[0]?.id;
  /** Sets (or with no value removes) one address parameter; a new namespace starts at page 1. */
  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) {
        next.set(key, value);
      } else {
        next.delete(key);
      }
      if (key === 'namespaceId') {
        next.delete('page');
        next.delete('storyfileId');
      }
      return next;
    });
  return { namespaces, namespaceId, storyfileId, params, setParam };
}

/** The storyfile whose tools (test bench, suggested words) are shown, in the chosen namespace. */
export function useChosenStoryfile(user: CurrentUser) {
  const { namespaceId, storyfileId, setParam } = useVocabularyParams(user);
  return {
    namespaceId,
    storyfileId,
    setStoryfileId: (next: string | undefined) => setParam('storyfileId', next),
  };
}

/** The chosen namespace's storyfile picker and, once a storyfile is chosen, its tools. */
export function ChosenStoryfileTools({
  user,
  emptyText,
  children,
}: {
  user: CurrentUser;
  /** What the tools need: "Choose a storyfile to …". */
  emptyText: string;
  children: (storyfileId: string) => ReactNode;
}) {
  const { namespaceId, storyfileId, setStoryfileId } = useChosenStoryfile(user);
  return (
    <>
      <StoryfilePicker
        storyfileId={storyfileId}
        onChange={setStoryfileId}
        namespaceId={namespaceId}
      />
      {storyfileId === undefined ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        children(storyfileId)
      )}
    </>
  );
}

export function VocabularyScreen<Item extends { id: string }>(props: VocabularyScreenProps<Item>) {
  const { user, noun } = props;
  const { namespaces, namespaceId, setParam } = useVocabularyParams(user);
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const list = props.useList(
    {
      namespaceId: namespaceId ?? '',
      page: listQuery.page,
      pageSize,
      ...(listQuery.search === '' ? {} : { search: listQuery.search }),
      ...(listQuery.searchOptions.length === 0
        ? {}
        : { searchOptions: listQuery.searchOptions.join(',') }),
    },
    { enabled: namespaceId !== undefined },
  );
  const [deleting, setDeleting] = useState<Item | null>(null);
  const namespaceFieldId = useId();
  const newHeadingId = useId();
  const canEdit = namespaceId !== undefined && hasRoleInNamespace(user, namespaceId, 'edit:ns');
  const page = list.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute(props.path)?.label ?? props.fallbackTitle}
        description={props.description}
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
            onChange={(event) => setParam('namespaceId', event.target.value)}
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
              aria-labelledby={newHeadingId}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 id={newHeadingId} className="mb-3 font-semibold text-slate-900">
                {props.newItem.heading}
              </h2>
              {props.newItem.render(namespaceId)}
            </section>
          ) : (
            <p className="text-sm text-slate-600">
              {roleRequiredMessage('edit:ns')} to change {noun.many}.
            </p>
          )}
          {props.renderTools?.(namespaceId, canEdit)}
          <ListSearchBox options={props.searchOptions} label={`Search ${noun.many}`} />
          <p className="text-sm text-slate-600" aria-live="polite">
            {page === undefined ? null : formatCount(page.total, noun.one, noun.many)}
            {list.isFetching ? <Spinner className="ml-2 size-3" label="Updating" /> : null}
          </p>
          {list.isPending ? (
            <Spinner label={`Loading ${noun.many}`} />
          ) : list.error ? (
            <Alert kind="error">{list.error.message}</Alert>
          ) : page === undefined || page.items.length === 0 ? (
            <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
              {props.emptyIcon}
              {listQuery.search === '' ? props.emptyText : props.noMatchText}
            </p>
          ) : (
            props.renderItems(page.items, canEdit, setDeleting)
          )}
          <ListPagingBar
            list={page}
            page={listQuery.page}
            onPageChange={(next, options) => updateListQuery({ page: next }, options)}
          />
        </>
      )}
      {props.children}
      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title={props.deleteTitle}
        description={props.describeDeletion(deleting)}
        confirmText="Delete"
        isPending={props.remove.isPending}
        onConfirm={() => {
          if (deleting) {
            props.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
          }
        }}
      >
        {deleting && props.renderDeletionEffect ? props.renderDeletionEffect(deleting) : undefined}
      </ConfirmDialog>
    </div>
  );
}
