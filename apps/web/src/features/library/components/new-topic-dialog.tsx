import { type CurrentUser } from '@conversa/contracts';

import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

import { useToast } from '@/components/ui/toast';
import { ApiError, messageOf } from '@/lib/api-client';

import { useCreateTopic } from '../api/create-topic';

import { getEditableNamespaces, NamespaceField } from './namespace-field';
import { TextField } from './text-field';

export function NewTopicDialog({
  user,
  isOpen,
  onOpenChange,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { showToast } = useToast();
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const createTopic = useCreateTopic();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    if (name.trim() === '') {
      setError('Enter a name.');
      return;
    }
    createTopic.mutate(
      { namespaceId, name: name.trim(), description: description.trim() },
      {
        onSuccess: (topic) => {
          setName('');
          setDescription('');
          setError(undefined);
          onOpenChange(false);
          showToast({ kind: 'success', message: `Created topic “${topic.name}”.` });
        },
        onError: (failure) => {
          // A problem with another field (the namespace) is not shown under Name.
          if (
            failure instanceof ApiError &&
            failure.issues.length > 0 &&
            !failure.messageFor('name')
          ) {
            setFormError(failure.message);
          } else {
            setError(messageOf(failure, 'The topic was not created.'));
          }
        },
      },
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="New topic"
      description="Topics group the questions of your library."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {formError === undefined ? null : <Alert kind="error">{formError}</Alert>}
        <NamespaceField user={user} value={namespaceId} onChange={setNamespaceId} />
        <TextField
          label="Name"
          value={name}
          maxLength={120}
          data-autofocus
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          {...(error === undefined ? {} : { error })}
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
          <Button type="submit" variant="primary" isLoading={createTopic.isPending}>
            Create topic
          </Button>
        </div>
      </form>
    </Modal>
  );
}
