import { type CustomWord } from '@conversa/contracts';
import { useState } from 'react';
import { useUpdateCustomWord } from '../api/words';
import { useEffectToast } from '../hooks/use-effect-toast';
import { VocabularyItemActions } from './vocabulary-item-actions';
import { WordForm } from './word-form';

/** One word: its forms, or its form while it is being edited (issue 32: words could only be deleted). */
function WordItem({
  word,
  canEdit,
  isEditing,
  onEdit,
  onDelete,
}: {
  word: CustomWord;
  canEdit: boolean;
  isEditing: boolean;
  onEdit: (id: string | null) => void;
  onDelete: (word: CustomWord) => void;
}) {
  const update = useUpdateCustomWord();
  const toastEffect = useEffectToast();
  if (isEditing) {
    return (
      <li className="p-3 text-sm" aria-label={`Word: ${word.term}`}>
        <WordForm
          namespaceId={word.namespaceId}
          initial={word}
          submitLabel="Save"
          isPending={update.isPending}
          error={update.error}
          onCancel={() => onEdit(null)}
          onSubmit={(body) =>
            update.mutate(
              { id: word.id, body },
              {
                onSuccess: (saved) => {
                  onEdit(null);
                  toastEffect(`Saved "${saved.term}".`, saved.effect);
                },
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
      aria-label={`Word: ${word.term}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">
          {word.displayForm ?? word.term}
          {word.displayForm ? (
            <span className="ml-2 font-normal text-slate-500">({word.term})</span>
          ) : null}
        </p>
        <p className="break-words text-slate-600">
          {word.heardAs.length === 0
            ? 'No "heard as" forms'
            : `Heard as: ${word.heardAs.join(', ')}`}
        </p>
      </div>
      {canEdit ? (
        <VocabularyItemActions
          label={word.term}
          onEdit={() => onEdit(word.id)}
          onDelete={() => onDelete(word)}
        />
      ) : null}
    </li>
  );
}

/** One page of words: the display form first, then the "heard as" forms. */
export function WordList({
  words,
  canEdit,
  onDelete,
}: {
  words: CustomWord[];
  canEdit: boolean;
  onDelete: (word: CustomWord) => void;
}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {words.map((word) => (
        <WordItem
          key={word.id}
          word={word}
          canEdit={canEdit}
          isEditing={editingId === word.id}
          onEdit={setEditingId}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
