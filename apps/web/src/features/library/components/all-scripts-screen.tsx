import {
  findRoute,
  hasRole,
  hasRoleInNamespace,
  SCRIPT_SEARCH_OPTIONS,
  type CurrentUser,
  type Script,
} from '@conversa/contracts';
import { FileText, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteScript } from '../api/delete-script';
import { useScripts } from '../api/list-scripts';
import { useRestoreScript } from '../api/restore-script';
import { toSearchBoxOptions, toSearchOptionsParam } from '../utils/search-options';
import { NewScriptDialog } from './new-script-dialog';
import { ScriptCard } from './script-card';
import { ScriptKindFilter } from './script-kind-filter';
import { ApplyScriptDialog, DuplicateScriptDialog, ScriptPreviewDialog } from './script-dialogs';
import { UndoBar, type UndoState } from './undo-bar';

const TEMPLATES_PATH = '/topics/templates';
const KIND_PARAM = 'kind';
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
        <ScriptKindFilter kind={kind} onSelect={selectKind} />
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
