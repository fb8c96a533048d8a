import {
  findRoute,
  hasRole,
  roleRequiredMessage,
  STORYFILE_SEARCH_OPTIONS,
  type CurrentUser,
  type StoryfileSummary,
} from '@conversa/contracts';
import { FileArchive, FileVideo, LayoutGrid, List, Plus, SearchX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { usePageSize, useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatUsDate } from '@/lib/format';
import { describePageCount } from '@/lib/paging';
import type { ListView } from '@/lib/recent-activity';
import type { SearchOption } from '@/lib/search-box';
import { useStoryfiles } from '../api/list-storyfiles';
import { useListView } from '../hooks/use-list-view';
import { getEditableNamespaces } from '../utils/permissions';
import { StatusBadge } from './status-badge';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import type { UploadPackage } from './import-package-dialog';

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

function ViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const views = [
    { value: 'grid', label: 'Grid view', icon: LayoutGrid },
    { value: 'list', label: 'List view', icon: List },
  ] as const;
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {views.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-md p-1.5 text-slate-600 hover:bg-slate-100',
            view === value && 'bg-brand-50 text-brand-700 hover:bg-brand-50',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

function Counts({ storyfile }: { storyfile: StoryfileSummary }) {
  return (
    <span>
      {formatCount(storyfile.topicCount, 'topic')} ·{' '}
      {formatCount(storyfile.questionCount, 'question')} ·{' '}
      {formatCount(storyfile.answeredCount, 'answer')} recorded
    </span>
  );
}

function StoryfileCard({ storyfile }: { storyfile: StoryfileSummary }) {
  return (
    <li className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-300">
      <div className="flex items-start gap-3">
        <Avatar src={storyfile.avatarUrl} alt="" size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-base font-semibold wrap-anywhere text-slate-900">
            <Link
              to={`/storyfiles/${storyfile.id}`}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {storyfile.name}
            </Link>
          </h2>
          <p className="mt-0.5 truncate text-sm text-slate-500">{storyfile.namespaceLabel}</p>
        </div>
        <StatusBadge status={storyfile.status} isDeleted={storyfile.deletedAt !== null} />
      </div>
      <p className="mt-3 line-clamp-2 min-h-10 text-sm text-slate-600">
        {storyfile.description || <span className="text-slate-500 italic">No description</span>}
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
        <Counts storyfile={storyfile} />
        <span>Updated {formatUsDate(storyfile.updatedAt)}</span>
      </div>
    </li>
  );
}

function StoryfileTable({ items }: { items: StoryfileSummary[] }) {
  return (
    <HorizontalScroll
      label="Storyfiles"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Storyfiles</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Topics
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Questions
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Answers
            </th>
            <th scope="col" className="px-4 py-3">
              Language
            </th>
            <th scope="col" className="px-4 py-3">
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((storyfile) => (
            <tr key={storyfile.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar src={storyfile.avatarUrl} alt="" size="sm" />
                  <div className="min-w-0">
                    <Link
                      to={`/storyfiles/${storyfile.id}`}
                      className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {storyfile.name}
                    </Link>
                    <p className="truncate text-xs text-slate-500">{storyfile.namespaceLabel}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={storyfile.status} isDeleted={storyfile.deletedAt !== null} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.topicCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.questionCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.answeredCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-slate-600">{storyfile.language}</td>
              <td className="px-4 py-3 text-slate-600">{formatUsDate(storyfile.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

function LoadingGrid() {
  return (
    <div aria-busy="true">
      <span className="sr-only">
        <Spinner label="Loading storyfiles" />
      </span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="h-44 animate-pulse rounded-xl border border-slate-200 bg-white p-5"
          >
            <div className="flex gap-3">
              <div className="size-14 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2 pt-2">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/3 rounded bg-slate-100" />
              </div>
            </div>
            <div className="mt-5 h-3 w-full rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof FileVideo;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
      {action === undefined ? null : <div className="mt-5">{action}</div>}
    </div>
  );
}

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
