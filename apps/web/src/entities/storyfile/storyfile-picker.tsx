import { useId, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { labelStoryfileOptions } from './option-labels';
import { useStoryfileOptions } from './use-storyfile-options';

/**
 * A select of the storyfiles the user can read (the first 100 by name), or one namespace's; with
 * `isSearchable`, a search box beside it finds the others.
 */
export function StoryfilePicker({
  storyfileId,
  onChange,
  emptyLabel,
  namespaceId,
  isSearchable = false,
  isRequired = false,
}: {
  storyfileId: string | undefined;
  onChange: (storyfileId: string | undefined) => void;
  /** The empty choice's label (a filter's "All storyfiles"); a prompt when omitted. */
  emptyLabel?: string;
  /** Only this namespace's storyfiles. */
  namespaceId?: string;
  isSearchable?: boolean;
  /** The empty choice cannot be chosen back once a storyfile is. */
  isRequired?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const options = useStoryfileOptions({ search: isSearchable ? debounced : '', namespaceId });
  const items = options.data?.items ?? [];
  const labels = labelStoryfileOptions(items);
  const prompt =
    emptyLabel ??
    (options.isPending
      ? 'Loading storyfiles…'
      : items.length === 0
        ? 'No storyfile found'
        : 'Choose a storyfile…');
  return (
    <div className="flex flex-wrap items-end gap-2">
      {isSearchable ? (
        <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-700">
          Find a storyfile
          <input
            type="search"
            className="mt-1 h-10 w-56 max-w-full rounded-lg border border-slate-300 px-3 font-normal"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-96">
        <label htmlFor={id} className="text-sm font-semibold text-slate-700">
          Storyfile
        </label>
        <select
          id={id}
          className="h-10 w-full truncate rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          value={storyfileId ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="" disabled={isRequired}>
            {prompt}
          </option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {labels.get(item.id) ?? item.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
