import {
  findRoute,
  hasRole,
  roleRequiredMessage,
  STORYFILE_SEARCH_OPTIONS,
  type CurrentUser,
} from '@conversa/contracts';
import { FileArchive, FileVideo, Plus, SearchX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { usePageSize, useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { describePageCount } from '@/lib/paging';
import type { SearchOption } from '@/lib/search-box';
import { useStoryfiles } from '../api/list-storyfiles';
import { useListView } from '../hooks/use-list-view';
import { getEditableNamespaces } from '../utils/permissions';
import type { UploadPackage } from './import-package-dialog';
import { ViewToggle } from './storyfile-view-toggle';
import { StoryfileCard } from './storyfile-card';
import { StoryfileTable } from './storyfile-table';
import { LoadingGrid } from './storyfiles-loading-grid';
import { EmptyState } from './storyfiles-empty-state';

// The create dialog (Radix's dialog, the name check, the script list) loads on the first "New
// storyfile", not with the list's first paint; once loaded it stays mounted as before, so what was
// typed survives closing and reopening.
const CreateStoryfileDialog = lazy(() =>
  import('./create-storyfile-dialog').then((module) => ({
    default: module.CreateStoryfileDialog,
  })),
);

// The import dialog (and, through `uploadPackage`, tus) loads on the first "Import package".
const ImportPackageDialog = lazy(() =>
  import('./import-package-dialog').then((module) => ({
    default: module.ImportPackageDialog,
  })),
);

/** Owners may list deleted storyfiles too, to restore them; kept in the address like the search. */
const INCLUDE_DELETED_PARAM = 'includeDeleted';

const SEARCH_OPTIONS: SearchOption[] = STORYFILE_SEARCH_OPTIONS.map((option) => ({
  value: option.value,
  label: option.label,
  isActive: option.active,
  isDisabled: option.disabled,
}));

/**
 * /storyfiles: the storyfiles of the user's namespaces as a grid or a list, searched and paged
 * with the state in the address (spec §2), and the create and import dialogs for editors. The
 * import's upload comes from the uploads feature through `uploadPackage` (the route composes
 * them); without it there is no Import package.
 */
export function StoryfilesScreen({
  user,
  uploadPackage,
}: {
  user: CurrentUser;
  uploadPackage?: UploadPackage;
}) {
  const [query, updateQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const [view, setView] = useListView();
  const [isCreating, setIsCreating] = useState(false);
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [hasOpenedImport, setHasOpenedImport] = useState(false);
  const canCreate = getEditableNamespaces(user).length > 0;
  const canSeeDeleted = hasRole(user, 'owner:ns');
  const [params, setParams] = useSearchParams();
  const includeDeleted = canSeeDeleted && params.get(INCLUDE_DELETED_PARAM) === 'true';
  const list = useStoryfiles({ ...query, pageSize, includeDeleted });
  const page = list.data;
  const title = findRoute('/storyfiles')?.label ?? 'StoryFiles';

  const canImport = canCreate && uploadPackage !== undefined;
  const createButton = canCreate ? (
    <div className="flex flex-wrap gap-2">
      {canImport ? (
        <Button
          onClick={() => {
            setHasOpenedImport(true);
            setIsImporting(true);
          }}
          icon={<FileArchive className="size-4" aria-hidden="true" />}
        >
          Import package
        </Button>
      ) : null}
      <Button
        variant="primary"
        onClick={() => {
          setHasOpenedCreate(true);
          setIsCreating(true);
        }}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        New storyfile
      </Button>
    </div>
  ) : null;

  let body: React.ReactNode;
  if (list.isPending) {
    body = <LoadingGrid />;
  } else if (list.error && page === undefined) {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{list.error.message}</Alert>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </div>
    );
  } else if (page === undefined || page.total === 0) {
    body =
      query.search === '' ? (
        <EmptyState
          icon={FileVideo}
          title="No storyfiles yet"
          text={
            canCreate
              ? 'A storyfile is a conversation on video: pick the questions, record the answers, and visitors can ask away. Create the first one; a script can fill in the questions for you.'
              : `Storyfiles of your namespaces appear here once a colleague creates one. ${roleRequiredMessage('edit:ns')} to create storyfiles.`
          }
          {...(createButton === null ? {} : { action: createButton })}
        />
      ) : (
        <EmptyState
          icon={SearchX}
          title={`No storyfiles match “${query.search}”`}
          text="Try other words, tick more fields in the search box, or clear the search."
          action={
            <Button onClick={() => updateQuery({ search: '', page: 1 })}>Clear search</Button>
          }
        />
      );
  } else if (page.items.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title={`Page ${query.page} is empty`}
        text={describePageCount(page.pageCount, 'storyfiles')}
        action={
          <Button onClick={() => updateQuery({ page: page.pageCount })}>Go to the last page</Button>
        }
      />
    );
  } else {
    body =
      view === 'grid' ? (
        <ul
          aria-label="Storyfiles"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {page.items.map((storyfile) => (
            <StoryfileCard key={storyfile.id} storyfile={storyfile} />
          ))}
        </ul>
      ) : (
        <StoryfileTable items={page.items} />
      );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description="Create, script and record the storyfiles of your namespaces."
        {...(createButton === null ? {} : { actions: createButton })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearchBox
          options={SEARCH_OPTIONS}
          label="Search storyfiles"
          placeholder="Search storyfiles"
        />
        <div className="flex items-center gap-3">
          {page === undefined ? null : (
            <p className="text-sm text-slate-600" aria-live="polite">
              {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
              {formatCount(page.total, 'storyfile')}
            </p>
          )}
          {canSeeDeleted ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={includeDeleted}
                onChange={(event) =>
                  setParams((current) => {
                    const next = new URLSearchParams(current);
                    if (event.target.checked) {
                      next.set(INCLUDE_DELETED_PARAM, 'true');
                    } else {
                      next.delete(INCLUDE_DELETED_PARAM);
                    }
                    next.delete('page');
                    return next;
                  })
                }
              />
              Show deleted
            </label>
          ) : null}
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      {list.error && page !== undefined ? <Alert kind="error">{list.error.message}</Alert> : null}
      {body}
      {page === undefined || page.total === 0 ? null : (
        <PagingBar
          page={query.page}
          pageCount={page.pageCount}
          pageSize={pageSize}
          onPageChange={(next, options) => updateQuery({ page: next }, options)}
          onPageSizeChange={(next) => {
            setPageSize(next);
            updateQuery({ page: 1 });
          }}
        />
      )}
      {canCreate && hasOpenedCreate ? (
        <Suspense fallback={null}>
          <CreateStoryfileDialog user={user} isOpen={isCreating} onOpenChange={setIsCreating} />
        </Suspense>
      ) : null}
      {canImport && hasOpenedImport ? (
        <Suspense fallback={null}>
          <ImportPackageDialog
            user={user}
            isOpen={isImporting}
            onOpenChange={setIsImporting}
            uploadPackage={uploadPackage}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
