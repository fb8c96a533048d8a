import { type CategoryChangePreviewBody, type CustomCategory } from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCategoryChangePreview } from '../api/change-previews';
import { useStoryfileOptions } from '@/entities/storyfile';
import { describeCategoryScope, NAMESPACE_SCOPE_LABEL, parsePhrases } from '../utils/phrases';
import { VocabularyFormActions } from './vocabulary-form-actions';
import { ChangeEffectPreview } from './change-effect-preview';

const CONTROL_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** The preview body of the form's category, once it has a name and two phrases; else null. */
function toPreviewBody(
  namespaceId: string,
  scope: { categoryId?: string; storyfileId?: string },
  name: string,
  phrases: string[],
): CategoryChangePreviewBody | null {
  if (name.trim() === '' || phrases.length < 2) {
    return null;
  }
  return { namespaceId, ...scope, category: { name, phrases } };
}

export interface CategoryFormBody {
  name: string;
  phrases: string[];
  /** The storyfile the new category is an addition of; the namespace's own when omitted. */
  storyfileId?: string;
}

/**
 * The scope of a new category: the namespace, or one of its storyfiles. The update contract
 * has no scope, so an existing category's scope is shown, not chosen.
 */
function ScopeField({
  namespaceId,
  storyfileId,
  onChange,
}: {
  namespaceId: string;
  storyfileId: string;
  onChange: (storyfileId: string) => void;
}) {
  const id = useId();
  const storyfiles = useStoryfileOptions({ namespaceId });
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Applies to
      </label>
      <select
        id={id}
        className={CONTROL_CLASS}
        value={storyfileId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{NAMESPACE_SCOPE_LABEL}</option>
        {(storyfiles.data?.items ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            Only {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Name and phrases, and for a new category its scope; used to create a category and to edit one. */
export function CategoryForm({
  initial,
  namespaceId,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: CustomCategory;
  /** Given for a new category: its scope is chosen among this namespace's storyfiles. */
  namespaceId?: string;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (body: CategoryFormBody) => void;
  onCancel?: () => void;
}) {
  const ids = { name: useId(), phrases: useId() };
  const [name, setName] = useState(initial?.name ?? '');
  const [phrases, setPhrases] = useState(initial?.phrases.join('\n') ?? '');
  const [storyfileId, setStoryfileId] = useState('');
  const previewBody = useDebouncedValue(
    toPreviewBody(
      initial?.namespaceId ?? namespaceId ?? '',
      initial ? { categoryId: initial.id } : storyfileId === '' ? {} : { storyfileId },
      name,
      parsePhrases(phrases),
    ),
    400,
  );
  const preview = useCategoryChangePreview(previewBody);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      name,
      phrases: parsePhrases(phrases),
      ...(namespaceId === undefined || storyfileId === '' ? {} : { storyfileId }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={ids.name} className="text-sm font-semibold text-slate-700">
          Name
        </label>
        <input
          id={ids.name}
          className={CONTROL_CLASS}
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.phrases} className="text-sm font-semibold text-slate-700">
          Phrases (one per line, or separated by commas)
        </label>
        <textarea
          id={ids.phrases}
          className={CONTROL_CLASS}
          rows={3}
          value={phrases}
          required
          onChange={(event) => setPhrases(event.target.value)}
        />
      </div>
      {namespaceId !== undefined ? (
        <ScopeField namespaceId={namespaceId} storyfileId={storyfileId} onChange={setStoryfileId} />
      ) : initial ? (
        <p className="text-sm break-words text-slate-600">
          Applies to: {describeCategoryScope(initial)}
        </p>
      ) : null}
      <ChangeEffectPreview
        isEnabled={previewBody !== null}
        error={preview.error}
        data={preview.data}
        idleText="Give a name and two phrases to see which past questions this would move."
      />
      {error ? <Alert kind="error">{error.message}</Alert> : null}
      <VocabularyFormActions
        className="flex flex-wrap gap-2"
        submitLabel={submitLabel}
        isPending={isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
