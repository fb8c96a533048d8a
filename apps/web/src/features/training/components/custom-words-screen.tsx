import { type CurrentUser, type CustomWord, type CustomWordBody } from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { SearchOption } from '@/lib/search-box';
import {
  useCreateCustomWord,
  useCustomWords,
  useDeleteCustomWord,
  useUpdateCustomWord,
} from '../api/words';
import { useWordChangePreview } from '../api/change-previews';
import { parsePhrases } from '../utils/phrases';
import { useEffectToast } from '../hooks/use-effect-toast';
import { ChangeEffectPreview } from './change-effect-preview';
import { VocabularyFormActions } from './vocabulary-form-actions';
import { VocabularyItemActions } from './vocabulary-item-actions';
import { SuggestedWords } from './suggested-words';
import { TestBench } from './test-bench';
import { ChosenStoryfileTools, VocabularyScreen } from './vocabulary-screen';

const PATH = '/training/custom_words';
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'term', label: 'Term', isActive: true, isDisabled: false },
  { value: 'heardAs', label: 'Heard as', isActive: true, isDisabled: false },
];
const CONTROL_CLASS =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/**
 * Term, display form and "heard as" forms: used to add a word and to edit one, with what its new
 * "heard as" forms would do to past spoken questions before it is saved.
 */
function WordForm({
  namespaceId,
  initial,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  namespaceId: string;
  initial?: CustomWord;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  /** `reset` empties the form (after an add). */
  onSubmit: (body: CustomWordBody, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const ids = { term: useId(), display: useId(), heard: useId() };
  const [term, setTerm] = useState(initial?.term ?? '');
  const [displayForm, setDisplayForm] = useState(initial?.displayForm ?? '');
  const [heardAs, setHeardAs] = useState(initial?.heardAs.join(', ') ?? '');
  const forms = parsePhrases(heardAs);
  const previewBody = useDebouncedValue(
    term.trim() === '' || forms.length === 0
      ? null
      : {
          namespaceId,
          ...(initial ? { wordId: initial.id } : {}),
          word: { term, displayForm: displayForm || null, heardAs: forms },
        },
    400,
  );
  const preview = useWordChangePreview(previewBody);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ term, displayForm: displayForm || null, heardAs: parsePhrases(heardAs) }, () => {
      setTerm('');
      setDisplayForm('');
      setHeardAs('');
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.term} className="text-sm font-semibold text-slate-700">
          Term
        </label>
        <input
          id={ids.term}
          className={CONTROL_CLASS}
          value={term}
          required
          maxLength={100}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.display} className="text-sm font-semibold text-slate-700">
          Display form (optional)
        </label>
        <input
          id={ids.display}
          className={CONTROL_CLASS}
          value={displayForm}
          maxLength={100}
          onChange={(event) => setDisplayForm(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.heard} className="text-sm font-semibold text-slate-700">
          Heard as (comma-separated)
        </label>
        <input
          id={ids.heard}
          className={CONTROL_CLASS}
          value={heardAs}
          onChange={(event) => setHeardAs(event.target.value)}
        />
      </div>
      <div className="sm:col-span-3">
        <ChangeEffectPreview
          isEnabled={previewBody !== null}
          error={preview.error}
          data={preview.data}
          idleText='Give a term and its "heard as" forms to see which past spoken questions they would move.'
        />
      </div>
      {error ? (
        <div className="sm:col-span-3">
          <Alert kind="error">{error.message}</Alert>
        </div>
      ) : null}
      <VocabularyFormActions
        className="flex flex-wrap gap-2 sm:col-span-3"
        submitLabel={submitLabel}
        isPending={isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

function NewWord({ namespaceId }: { namespaceId: string }) {
  const create = useCreateCustomWord();
  const toastEffect = useEffectToast();
  return (
    <WordForm
      namespaceId={namespaceId}
      submitLabel="Add word"
      isPending={create.isPending}
      error={create.error}
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
function WordList({
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

/** The storyfile part: suggested words and the test bench for the chosen storyfile. */
function StoryfileTools({ user }: { user: CurrentUser }) {
  return (
    <ChosenStoryfileTools
      user={user}
      emptyText="Choose a storyfile to see suggested words and to try phrases on the test bench."
    >
      {(storyfileId) => (
        <>
          <section aria-labelledby="suggested-words-heading" className="space-y-2">
            <h2 id="suggested-words-heading" className="text-lg font-semibold text-slate-900">
              Suggested words
            </h2>
            <p className="text-sm text-slate-600">
              Names and rare words of this storyfile&apos;s questions and of its videos&apos;
              captions, and words of spoken questions that matched nothing. Spoken questions hand
              the custom words to the browser&apos;s recognizer as hints, where the browser supports
              it.
            </p>
            <SuggestedWords user={user} storyfileId={storyfileId} />
          </section>
          <TestBench storyfileId={storyfileId} />
        </>
      )}
    </ChosenStoryfileTools>
  );
}

/**
 * /training/custom_words: names, places and jargon the recognizer mishears, with "heard as"
 * rules applied to spoken questions before matching, and the test bench.
 */
export function CustomWordsScreen({ user }: { user: CurrentUser }) {
  const remove = useDeleteCustomWord();
  return (
    <VocabularyScreen
      user={user}
      path={PATH}
      fallbackTitle="Custom Words"
      description='Names, places and jargon the speech recognizer mishears. Each "heard as" form is replaced by the word in spoken questions before they are matched ("mill walkie" → "Milwaukee").'
      noun={{ one: 'word', many: 'words' }}
      searchOptions={SEARCH_OPTIONS}
      useList={useCustomWords}
      newItem={{
        heading: 'New word',
        render: (namespaceId) => <NewWord namespaceId={namespaceId} />,
      }}
      emptyText="No words yet. Add the names and places your storyfiles talk about."
      noMatchText="No word matches this search."
      renderItems={(words, canEdit, onDelete) => (
        <WordList words={words} canEdit={canEdit} onDelete={onDelete} />
      )}
      remove={remove}
      deleteTitle="Delete this word?"
      describeDeletion={(word) =>
        `Spoken questions stop replacing the "heard as" forms of "${word?.term ?? ''}".`
      }
    >
      <StoryfileTools user={user} />
    </VocabularyScreen>
  );
}
