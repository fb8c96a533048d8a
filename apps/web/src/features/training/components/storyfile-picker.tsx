import { useId } from 'react';
import { useStoryfileOptions } from '../api/list-storyfile-options';

/** A select of the storyfiles the user can read (the first 100 by name), or one namespace's. */
export function StoryfilePicker({
  storyfileId,
  onChange,
  allLabel,
  namespaceId,
}: {
  storyfileId: string | undefined;
  onChange: (storyfileId: string | undefined) => void;
  /** The empty choice's label; "Choose a storyfile…" when omitted. */
  allLabel?: string;
  /** Only this namespace's storyfiles. */
  namespaceId?: string;
}) {
  const id = useId();
  const storyfiles = useStoryfileOptions(namespaceId);
  return (
    <div className="flex flex-col gap-1 sm:w-96">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Storyfile
      </label>
      <select
        id={id}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        value={storyfileId ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel ?? 'Choose a storyfile…'}</option>
        {(storyfiles.data ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
