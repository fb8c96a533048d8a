import { useCreateCustomWord } from '../api/words';
import { useEffectToast } from '../hooks/use-effect-toast';
import { WordForm } from './word-form';

/** The form that adds a word to the namespace. */
export function NewWord({ namespaceId }: { namespaceId: string }) {
  const create = useCreateCustomWord();
  const toastEffect = useEffectToast();
  return (
    <WordForm
      namespaceId={namespaceId}
      submitLabel="Add word"
      isPending={create.isPending}
      error={create.error}
      onEdit={() => (create.error ? create.reset() : undefined)}
      onSubmit={(body, reset) =>
        create.mutate(
          { ...body, namespaceId },
          {
            onSuccess: (saved) => {
              reset();
              toastEffect(`Saved "${saved.term}".`, saved.effect);
            },
          },
        )
      }
    />
  );
}
