import type { CurrentUser } from '@conversa/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { useCreateScript } from '../api/create-script';
import { getEditableNamespaces, NamespaceField } from './namespace-field';
import { TextField } from './text-field';

/** Creates an empty script in one of the user's namespaces and hands back its id. */
export function NewScriptDialog({
  user,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (scriptId: string) => void;
}) {
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const createScript = useCreateScript();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Enter a name.');
      return;
    }
    createScript.mutate(
      { namespaceId, name: name.trim(), description: description.trim() },
      {
        onSuccess: (script) => {
          setName('');
          setDescription('');
          setError(undefined);
          onOpenChange(false);
          onCreated(script.id);
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The script was not created.'),
      },
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="New script"
      description="A script is an ordered set of topics and questions you can apply to storyfiles."
    >
      {namespaces.length === 0 ? (
        <p className="text-sm text-slate-700">
          You need to be at least &quot;Content Creator&quot; in a namespace to create scripts.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <NamespaceField user={user} value={namespaceId} onChange={setNamespaceId} />
          <TextField
            label="Name"
            value={name}
            maxLength={120}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            error={error}
            data-autofocus
          />
          <TextField
            label="Description (optional)"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={createScript.isPending}>
              Create script
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
