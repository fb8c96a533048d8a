import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useApplyScript } from '../api/apply-script';
import { useScripts } from '../api/list-scripts';
import { formatApplySummary } from '../utils/apply-summary';
import { formatCount } from '@/lib/format';

/**
 * Lists the shipped templates and namespace scripts; applying one merges its topics and questions
 * into the storyfile without duplicating questions it already has.
 */
export function ApplyScriptDialog({
  storyfileId,
  isOpen,
  onOpenChange,
}: {
  storyfileId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const scripts = useScripts({ enabled: isOpen });
  const apply = useApplyScript(storyfileId);
  const { showToast } = useToast();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = (scripts.data?.items ?? []).filter((script) => script.deletedAt === null);

  function close(isNowOpen: boolean) {
    if (!isNowOpen) {
      setSelectedId(null);
      apply.reset();
    }
    onOpenChange(isNowOpen);
  }

  function submit() {
    const script = items.find((candidate) => candidate.id === selectedId);
    if (script === undefined) {
      return;
    }
    apply.mutate(script.id, {
      onSuccess: (result) => {
        close(false);
        showToast({ kind: 'success', message: formatApplySummary(script.name, result) });
      },
    });
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      size="lg"
      title="Apply a script"
      description="Its topics and questions are added to this storyfile; questions it already has are skipped."
    >
      {scripts.isPending ? (
        <div className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner label="Loading scripts" /> Loading scripts…
        </div>
      ) : scripts.error ? (
        <Alert kind="error">{scripts.error.message}</Alert>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600">
          There are no scripts yet. Build one in the Script Builder, then apply it here.
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Scripts</legend>
          <ul className="max-h-[50vh] space-y-2 overflow-y-auto pr-1">
            {items.map((script) => (
              <li key={script.id}>
                <label
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-slate-50',
                    selectedId === script.id
                      ? 'border-brand-500 bg-brand-50/50'
                      : 'border-slate-200',
                  )}
                >
                  <input
                    type="radio"
                    name="script"
                    value={script.id}
                    checked={selectedId === script.id}
                    onChange={() => setSelectedId(script.id)}
                    className="mt-1 accent-brand-600"
                  />
                  <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {script.name}
                      {script.isShipped ? (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                          Template
                        </span>
                      ) : (
                        <span className="text-xs text-slate-500">{script.namespaceLabel}</span>
                      )}
                    </span>
                    <span className="block text-sm text-slate-600">{script.description}</span>
                    <span className="block text-xs text-slate-500">
                      {formatCount(script.topicCount, 'topic')} ·{' '}
                      {formatCount(script.questionCount, 'question')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {apply.error ? (
        <Alert kind="error" className="mt-4">
          {apply.error.message}
        </Alert>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="cancel" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button
          variant="primary"
          disabled={selectedId === null}
          isLoading={apply.isPending}
          onClick={submit}
        >
          Apply script
        </Button>
      </div>
    </Modal>
  );
}
