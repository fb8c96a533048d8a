import {
  CUSTOM_WORD_TAKEN_MESSAGE,
  type CustomWord,
  type CustomWordBody,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useWordChangePreview } from '../api/change-previews';
import { parsePhrases } from '../utils/phrases';
import { ChangeEffectPreview } from './change-effect-preview';
import { VocabularyFormActions } from './vocabulary-form-actions';
import { CONTROL_CLASS } from '@/components/ui/field';

/**
 * Term, display form and "heard as" forms: used to add a word and to edit one, with what its new
 * "heard as" forms would do to past spoken questions before it is saved.
 */
export function WordForm({
  namespaceId,
  initial,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  onEdit,
}: {
  namespaceId: string;
  initial?: CustomWord;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  /** `reset` empties the form (after an add). */
  onSubmit: (body: CustomWordBody, reset: () => void) => void;
  onCancel?: () => void;
  /** The person changed the form: a refusal of what they sent no longer applies. */
  onEdit?: () => void;
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
          onChange={(event) => {
            setTerm(event.target.value);
            onEdit?.();
          }}
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
      {/* A word already in the list changes nothing: no preview of changes beside that refusal
          (issue 44 showed "four changes" there). */}
      {error?.message === CUSTOM_WORD_TAKEN_MESSAGE ? null : (
        <div className="sm:col-span-3">
          <ChangeEffectPreview
            isEnabled={previewBody !== null}
            error={preview.error}
            data={preview.data}
            idleText='Give a term and its "heard as" forms to see which past spoken questions they would move.'
          />
        </div>
      )}
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
