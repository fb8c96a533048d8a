import {
  findRepeatedAlternate,
  formatRepeatedAlternateMessage,
  MAX_ALTERNATES_PER_QUESTION,
  type LibraryQuestion,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { useUpdateQuestion } from '../api/update-question';

/** Edits the other phrasings of a library question, one per line. */
export function AlternatesDialog({
  question,
  onClose,
}: {
  question: LibraryQuestion | null;
  onClose: () => void;
}) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateQuestion();
  const value = text ?? question?.alternates.join('\n') ?? '';

  function close() {
    setText(null);
    setError(undefined);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (question === null) {
      return;
    }
    // Blank lines are not phrasings; a repeat is named, never dropped behind the person's back
    // (the server refuses it with the same sentence).
    const alternates = value
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const repeated = findRepeatedAlternate(question.text, alternates);
    if (repeated !== null) {
      setError(formatRepeatedAlternateMessage(repeated));
      return;
    }
    if (alternates.length > MAX_ALTERNATES_PER_QUESTION) {
      setError(`A question can have at most ${MAX_ALTERNATES_PER_QUESTION} alternate phrasings.`);
      return;
    }
    update.mutate(
      { id: question.id, alternates },
      {
        onSuccess: close,
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The phrasings were not saved.'),
      },
    );
  }

  return (
    <Modal
      isOpen={question !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          close();
        }
      }}
      title="Alternate phrasings"
      description={question?.text}
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            Other ways visitors may ask this
          </label>
          <textarea
            id={id}
            rows={6}
            value={value}
            aria-describedby={hintId}
            aria-invalid={error === undefined ? undefined : true}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm aria-[invalid=true]:border-red-500"
          />
          <p id={hintId} className={error ? 'text-sm text-red-700' : 'text-sm text-slate-500'}>
            {error ??
              `One phrasing per line, up to ${MAX_ALTERNATES_PER_QUESTION}, each different from the question and the others.`}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={update.isPending}>
            Save phrasings
          </Button>
        </div>
      </form>
    </Modal>
  );
}
