import {
  findRoute,
  hasRole,
  hasRoleInNamespace,
  roleRequiredMessage,
  SCRIPT_SEARCH_OPTIONS,
  type CurrentUser,
  type Script,
} from '@conversa/contracts';
import { Copy, Eye, FileText, Layers, Play, Plus, Trash2, Wrench } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteScript } from '../api/delete-script';
import { useScripts } from '../api/list-scripts';
import { useRestoreScript } from '../api/restore-script';
import { canEditScript } from '../utils/script-access';
import { toSearchBoxOptions, toSearchOptionsParam } from '../utils/search-options';
import { NewScriptDialog } from './new-script-dialog';
import { ApplyScriptDialog, DuplicateScriptDialog, ScriptPreviewDialog } from './script-dialogs';
import { UndoBar, type UndoState } from './undo-bar';
import { formatCount } from '@/lib/format';

const TEMPLATES_PATH = '/topics/templates';
const KIND_PARAM = 'kind';
const KINDS = [
  { value: '', label: 'All' },
  { value: 'shipped', label: 'Templates' },
  { value: 'namespace', label: 'My scripts' },
] as const;
const SEARCH_BOX_OPTIONS = toSearchBoxOptions(SCRIPT_SEARCH_OPTIONS);

function toShipped(kind: string): 'true' | 'false' | undefined {
  return kind === 'shipped' ? 'true' : kind === 'namespace' ? 'false' : undefined;
}

/** All Scripts (spec §2 /topics/templates): browse, preview, duplicate and apply scripts. */
export function AllScriptsScreen({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [params, setParams] = useSearchParams();
  const [query, updateQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const kind = params.get(KIND_PARAM) ?? '';
  const shipped = toShipped(kind);
  const scripts = useScripts({
    search: query.search,
    searchOptions: toSearchOptionsParam(query.searchOptions, SCRIPT_SEARCH_OPTIONS),
    page: query.page,
    pageSize,
    ...(shipped === undefined ? {} : { shipped }),
  });
  const canEditAnywhere = hasRole(user, 'edit:ns');
  const [preview, setPreview] = useState<Script | null>(null);
  const [duplicating, setDuplicating] = useState<Script | null>(null);
  const [applying, setApplying] = useState<Script | null>(null);
  const [deleting, setDeleting] = useState<Script | null>(null);
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [undo, setUndo] = useState<UndoState>(null);
  const closeUndo = useCallback(() => setUndo(null), []);
  const deleteScript = useDeleteScript();
  const restoreScript = useRestoreScript();

  function selectKind(value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') {
        next.delete(KIND_PARAM);
      } else {
        next.set(KIND_PARAM, value);
      }
      next.delete('page');
      return next;
    });
  }

  function confirmDelete() {
    if (deleting === null) {
      return;
    }
    const script = deleting;
    deleteScript.mutate(script.id, {
      onSuccess: () => {
        setDeleting(null);
        const canRestore =
          script.namespaceId !== null && hasRoleInNamespace(user, script.namespaceId, 'owner:ns');
        setUndo({
          message: `Deleted “${script.name}”.`,
          ...(canRestore
            ? {
                onUndo: () =>
                  restoreScript.mutate(script.id, {
                    onSuccess: () =>
                      showToast({ kind: 'success', message: `Restored “${script.name}”.` }),
                    onError: (error) => showToast({ kind: 'error', message: error.message }),
                  }),
              }
            : {}),
        });
      },
      onError: (error) => {
        setDeleting(null);
        showToast({
          kind: 'error',
          message: error instanceof ApiError ? error.message : 'The script was not deleted.',
        });
      },
    });
  }

  const items = scripts.data?.items ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute(TEMPLATES_PATH)?.label ?? 'All Scripts'}
        description="Start from a shipped template or one of your namespace's scripts: preview it, copy it to edit, or apply it to a storyfile."
        actions={
          canEditAnywhere ? (
            <Button
              variant="primary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => setIsNewOpen(true)}
            >
              New script
            </Button>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-slate-100 p-1">
          {KINDS.map((item) => (
            <button
              key={item.value}
              type="button"
              aria-pressed={kind === item.value}
              onClick={() => selectKind(item.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                kind === item.value
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div className="min-w-72 flex-1 sm:max-w-xl">
          <ListSearchBox options={SEARCH_BOX_OPTIONS} label="Search scripts" />
        </div>
      </div>
      <UndoBar state={undo} onClose={closeUndo} />
      {scripts.error ? <Alert kind="error">{scripts.error.message}</Alert> : null}
      {scripts.isPending ? (
        <ul
          aria-label="Loading scripts"
          className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        >
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-44 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <FileText className="mx-auto size-10 text-brand-500" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">
            {query.search === '' ? 'No scripts here yet' : 'No scripts match your search'}
          </h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            {query.search === ''
              ? 'Duplicate a shipped template, or create a script and arrange it in the Script Builder.'
              : 'Try other words, or tick more fields in the search box.'}
          </p>
          {kind !== '' ? (
            <Button className="mt-4" onClick={() => selectKind('')}>
              Show all scripts
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((script) => (
            <ScriptCard
              key={script.id}
              script={script}
              user={user}
              onPreview={() => setPreview(script)}
              onDuplicate={() => setDuplicating(script)}
              onApply={() => setApplying(script)}
              onDelete={() => setDeleting(script)}
            />
          ))}
        </ul>
      )}
      <ListPagingBar
        list={scripts.data}
        page={query.page}
        onPageChange={(page, options) => updateQuery({ page }, options)}
      />
      <ScriptPreviewDialog
        script={preview}
        onClose={() => setPreview(null)}
        actions={
          preview !== null && canEditAnywhere ? (
            <>
              <Button
                onClick={() => {
                  setDuplicating(preview);
                  setPreview(null);
                }}
              >
                Duplicate
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  setApplying(preview);
                  setPreview(null);
                }}
              >
                Apply to a storyfile
              </Button>
            </>
          ) : undefined
        }
      />
      {canEditAnywhere ? (
        <>
          <DuplicateScriptDialog
            user={user}
            script={duplicating}
            onClose={() => setDuplicating(null)}
            onDuplicated={(copy) => {
              setDuplicating(null);
              showToast({ kind: 'success', message: `Created “${copy.name}”.` });
              void navigate(`/topics/builder?script=${copy.id}`);
            }}
          />
          <ApplyScriptDialog user={user} script={applying} onClose={() => setApplying(null)} />
          <NewScriptDialog
            user={user}
            isOpen={isNewOpen}
            onOpenChange={setIsNewOpen}
            onCreated={(id) => void navigate(`/topics/builder?script=${id}`)}
          />
        </>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete script?"
        description={`“${deleting?.name}” will be deleted. Storyfiles it was applied to keep their questions.`}
        confirmText="Delete script"
        isPending={deleteScript.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function ScriptCard({
  script,
  user,
  onPreview,
  onDuplicate,
  onApply,
  onDelete,
}: {
  script: Script;
  user: CurrentUser;
  onPreview: () => void;
  onDuplicate: () => void;
  onApply: () => void;
  onDelete: () => void;
}) {
  const canEditAnywhere = hasRole(user, 'edit:ns');
  const canEdit = canEditScript(user, script);
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold text-slate-900">{script.name}</h2>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            script.isShipped ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700',
          )}
        >
          {script.isShipped ? 'Template' : script.namespaceLabel}
        </span>
      </div>
      <p className="mt-1 line-clamp-3 flex-1 text-sm text-slate-600">
        {script.description || 'No description.'}
      </p>
      <p className="mt-3 flex items-center gap-3 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <Layers className="size-3.5" aria-hidden="true" />
          {formatCount(script.topicCount, 'topic')}
        </span>
        <span>{formatCount(script.questionCount, 'question')}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button
          size="sm"
          icon={<Eye className="size-4" aria-hidden="true" />}
          aria-label={`Preview ${script.name}`}
          idText="Preview"
          onClick={onPreview}
        >
          Preview
        </Button>
        {canEditAnywhere ? (
          <>
            <Button
              size="sm"
              icon={<Copy className="size-4" aria-hidden="true" />}
              aria-label={`Duplicate ${script.name}`}
              idText="Duplicate"
              onClick={onDuplicate}
            >
              Duplicate
            </Button>
            <Button
              size="sm"
              icon={<Play className="size-4" aria-hidden="true" />}
              aria-label={`Apply ${script.name} to a storyfile`}
              idText="Apply"
              onClick={onApply}
            >
              Apply
            </Button>
          </>
        ) : null}
        {canEdit ? (
          <>
            <Link
              to={`/topics/builder?script=${script.id}`}
              className={getButtonClassName('text', 'sm')}
              aria-label={`Edit ${script.name} in the Script Builder`}
            >
              <Wrench className="size-4" aria-hidden="true" />
              Edit
            </Link>
            <Button
              size="sm"
              variant="text"
              className="ml-auto"
              aria-label={`Delete ${script.name}`}
              idText="Delete"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={onDelete}
            />
          </>
        ) : null}
        {!canEditAnywhere ? (
          <span
            className="self-center text-xs text-slate-500"
            title={roleRequiredMessage('edit:ns')}
          >
            Read only
          </span>
        ) : null}
      </div>
    </li>
  );
}
