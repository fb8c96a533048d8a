import type { ScriptDetail } from '@conversa/contracts';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format';
import { useUpdateScript } from '../api/update-script';
import { InlineEdit } from './inline-edit';

/** The script's name (renamed in place), its counts, and whether the last change is saved. */
export function ScriptHeader({
  script,
  canEdit,
  isSaving,
}: {
  script: ScriptDetail;
  canEdit: boolean;
  isSaving: boolean;
}) {
  const updateScript = useUpdateScript();
  const { showToast } = useToast();
  return (
    <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4">
      <div className="min-w-0">
        <h2 id="script-heading" className="flex text-base font-semibold text-slate-900">
          <InlineEdit
            value={script.name}
            label={`Rename script ${script.name}`}
            isEditable={canEdit}
            onSave={(name) =>
              updateScript.mutateAsync({ id: script.id, name }).catch((error: Error) => {
                showToast({ kind: 'error', message: error.message });
                throw error;
              })
            }
          />
        </h2>
        <p className="text-sm text-slate-600">
          {formatCount(script.topicCount, 'topic')} ·{' '}
          {formatCount(script.questionCount, 'question')}
          {script.namespaceLabel ? ` · ${script.namespaceLabel}` : ''}
        </p>
      </div>
      <p aria-live="polite" className="flex items-center gap-2 text-sm text-slate-500">
        {isSaving ? (
          <>
            <Spinner label="Saving" /> Saving…
          </>
        ) : canEdit ? (
          'All changes saved'
        ) : (
          'Read only'
        )}
      </p>
    </header>
  );
}
