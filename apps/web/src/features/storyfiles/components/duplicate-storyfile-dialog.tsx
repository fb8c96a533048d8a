import { DUPLICATE_NAME_SUFFIX, NAME_MAX_LENGTH, type StoryfileDetail } from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { CharacterCount } from '@/components/ui/character-count';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useDuplicateStoryfile } from '../api/duplicate-storyfile';
import { useNameAvailability } from '../hooks/use-name-availability';
import { DialogSubmitBar } from './dialog-submit-bar';
import { Field, INPUT_CLASS } from './field';
import { NameFeedback } from './name-feedback';

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
  const ids = { name: useId(), feedback: useId(), count: useId() };
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
        <Field
          id={ids.name}
          label="Name of the copy"
          hint={`Optional: left empty, the copy is named “${storyfile.name}${DUPLICATE_NAME_SUFFIX}”, numbered if that name is taken.`}
        >
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-autofocus
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={availability.state === 'taken'}
            aria-describedby={`${ids.feedback} ${ids.count}`}
            className={INPUT_CLASS}
          />
          <CharacterCount id={ids.count} length={name.length} max={NAME_MAX_LENGTH} />
          <NameFeedback id={ids.feedback} availability={availability} />
        </Field>
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
