import { DUPLICATE_NAME_SUFFIX, type StoryfileDetail } from '@conversa/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useDuplicateStoryfile } from '../api/duplicate-storyfile';
import { useNameAvailability } from '../hooks/use-name-availability';
import { DialogSubmitBar } from './dialog-submit-bar';
import { StoryfileNameField } from './storyfile-name-field';

/**
 * "Duplicate storyfile": a copy in the same namespace under an optional name (by default the
 * storyfile's with " (copy)"); opens the copy once made.
 */
export function DuplicateStoryfileDialog({
  storyfile,
  isOpen,
  onOpenChange,
}: {
  storyfile: StoryfileDetail;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [name, setName] = useState('');
  const duplicate = useDuplicateStoryfile(storyfile.id);
  const availability = useNameAvailability({ name, namespaceId: storyfile.namespaceId });
  const { showToast } = useToast();
  const navigate = useNavigate();
  const blocker =
    availability.state === 'taken'
      ? 'To duplicate, choose a name no other storyfile in this namespace uses, or leave the name empty.'
      : null;

  function close(isNowOpen: boolean) {
    if (!isNowOpen) {
      setName('');
      duplicate.reset();
    }
    onOpenChange(isNowOpen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker !== null || duplicate.isPending) {
      return;
    }
    const chosen = name.trim();
    duplicate.mutate(chosen === '' ? {} : { name: chosen }, {
      onSuccess: (copy) => {
        close(false);
        showToast({ kind: 'success', message: `Duplicated as "${copy.name}".` });
        void navigate(`/storyfiles/${copy.id}`);
      },
    });
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      title="Duplicate storyfile"
      description="A copy in the same namespace with the script, clips, videos, captions, ink story and vocabulary. Chat logs, the share link and people stay with the original."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <StoryfileNameField
          label="Name of the copy"
          hint={`Optional: left empty, the copy is named “${storyfile.name}${DUPLICATE_NAME_SUFFIX}”, numbered if that name is taken.`}
          value={name}
          onChange={setName}
          availability={availability}
          isRequired={false}
          isAutofocused
        />
        {duplicate.error ? (
          <Alert kind="error">The storyfile was not duplicated: {duplicate.error.message}</Alert>
        ) : null}
        {duplicate.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Copying the script, clips and videos… A storyfile with many videos takes a while.
          </p>
        ) : null}
        <DialogSubmitBar
          blocker={blocker}
          isPending={duplicate.isPending}
          submitLabel="Duplicate"
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}
