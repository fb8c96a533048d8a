import type { CurrentUser, Script } from '@conversa/contracts';
import { hasRoleInNamespace } from '@conversa/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useApplyScript } from '../api/apply-script';
import { useDuplicateScript } from '../api/duplicate-script';
import { useScript } from '../api/get-script';
import { useStoryfileOptions } from '@/entities/storyfile';
import { getEditableNamespaces, NamespaceField } from './namespace-field';
import { TextField } from './text-field';
import { formatCount } from '@/lib/format';

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The topics and questions of a script, read only. */
export function ScriptPreviewDialog({
  script,
  onClose,
  actions,
}: {
  script: Script | null;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const detail = useScript(script?.id);
  return (
    <Modal
      isOpen={script !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
      title={script?.name ?? ''}
      description={script?.description || undefined}
      size="lg"
    >
      {detail.isPending ? (
        <div className="flex items-center gap-2 text-slate-600">
          <Spinner label="Loading the script" /> Loading the script…
        </div>
      ) : detail.error ? (
        <Alert kind="error">{detail.error.message}</Alert>
      ) : detail.data.topics.length === 0 ? (
        <p className="text-sm text-slate-600">This script has no topics yet.</p>
      ) : (
        <ol className="space-y-4">
          {detail.data.topics.map((topic) => (
            <li key={topic.id}>
              <h3 className="text-sm font-semibold text-slate-900">
                {topic.name}{' '}
                <span className="font-normal text-slate-500">({topic.questions.length})</span>
              </h3>
              <ol className="mt-1 list-decimal space-y-0.5 pl-6 text-sm text-slate-700">
                {topic.questions.map((question) => (
                  <li key={question.id}>{question.text}</li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}
      {actions === undefined ? null : (
        <div className="mt-6 flex justify-end gap-2 border-t border-slate-100 pt-4">{actions}</div>
      )}
    </Modal>
  );
}

/** Copies a script or shipped template into a namespace the user edits. */
export function DuplicateScriptDialog({
  user,
  script,
  onClose,
  onDuplicated,
}: {
  user: CurrentUser;
  script: Script | null;
  onClose: () => void;
  onDuplicated: (copy: { id: string; name: string }) => void;
}) {
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [name, setName] = useState('');
  const duplicate = useDuplicateScript();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (script === null) {
      return;
    }
    duplicate.mutate(
      { id: script.id, namespaceId, ...(name.trim() === '' ? {} : { name: name.trim() }) },
      {
        onSuccess: (copy) => {
          setName('');
          duplicate.reset();
          onDuplicated(copy);
        },
      },
    );
  }

  return (
    <Modal
      isOpen={script !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          duplicate.reset();
          onClose();
        }
      }}
      title={`Duplicate “${script?.name ?? ''}”`}
      description="The copy belongs to your namespace, where you can edit it in the Script Builder."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <NamespaceField user={user} value={namespaceId} onChange={setNamespaceId} />
        <TextField
          label="Name of the copy (optional)"
          placeholder={`${script?.name ?? ''} (copy)`}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          {...(duplicate.error
            ? { error: errorText(duplicate.error, 'The script was not copied.') }
            : {})}
        />
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={duplicate.isPending}>
            Duplicate
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Merges a script into a storyfile the user edits and shows what was added or skipped. */
export function ApplyScriptDialog({
  user,
  script,
  onClose,
}: {
  user: CurrentUser;
  script: Script | null;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [storyfileId, setStoryfileId] = useState('');
  const choices = useStoryfileOptions({ search, isNameOnly: true, enabled: script !== null });
  const apply = useApplyScript();
  const editable = (choices.data?.items ?? []).filter((storyfile) =>
    hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns'),
  );

  function close() {
    apply.reset();
    setStoryfileId('');
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (script !== null && storyfileId !== '') {
      apply.mutate({ storyfileId, scriptId: script.id });
    }
  }

  const result = apply.data;
  return (
    <Modal
      isOpen={script !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          close();
        }
      }}
      title={`Apply “${script?.name ?? ''}” to a storyfile`}
      description="Topics and questions the storyfile does not have yet are added; nothing is removed or duplicated."
    >
      {result ? (
        <div className="space-y-4">
          <Alert kind="success">
            {formatCount(result.addedTopics, 'topic')} and{' '}
            {formatCount(result.addedQuestions, 'question')} added to “{result.storyfile.name}”.
            {result.skippedQuestions > 0
              ? ` ${formatCount(result.skippedQuestions, 'question was', 'questions were')} already there.`
              : ''}
          </Alert>
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={close}>
              Close
            </Button>
            <Link
              to={`/storyfiles/${result.storyfile.id}`}
              className={getButtonClassName('primary')}
            >
              Open storyfile
            </Link>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label="Find a storyfile"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Storyfile name"
          />
          <fieldset className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            <legend className="sr-only">Storyfile</legend>
            {choices.isPending ? (
              <Spinner label="Loading storyfiles" />
            ) : choices.error ? (
              <Alert kind="error">{choices.error.message}</Alert>
            ) : editable.length === 0 ? (
              <p className="p-2 text-sm text-slate-600">
                {search === ''
                  ? 'You have no storyfiles you can edit yet.'
                  : `No storyfile you can edit matches “${search}”.`}
              </p>
            ) : (
              editable.map((storyfile) => (
                <label
                  key={storyfile.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    name="apply-storyfile"
                    value={storyfile.id}
                    checked={storyfileId === storyfile.id}
                    onChange={() => setStoryfileId(storyfile.id)}
                  />
                  <span className="flex-1">{storyfile.name}</span>
                </label>
              ))
            )}
          </fieldset>
          {apply.error ? (
            <Alert kind="error">{errorText(apply.error, 'The script was not applied.')}</Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={storyfileId === ''}
              isLoading={apply.isPending}
            >
              Apply script
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
