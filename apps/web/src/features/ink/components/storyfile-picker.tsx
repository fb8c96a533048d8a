import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStoryfileOptions } from '../api/list-storyfile-options';

/** Picks the storyfile whose story to edit: a search and a list of the first 100 matches. */
export function StoryfilePicker({
  storyfileId,
  onChange,
  allowAll = false,
}: {
  storyfileId: string | null;
  /** Called with the chosen id, or '' for "All storyfiles" (with `allowAll`). */
  onChange: (storyfileId: string) => void;
  /** Offers "All storyfiles" (a filter) instead of asking for one. */
  allowAll?: boolean;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const options = useStoryfileOptions(debounced);
  const items = options.data?.items ?? [];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-col text-sm text-slate-700">
        Find a storyfile
        <input
          type="search"
          className="mt-1 h-10 w-56 max-w-full rounded-lg border border-slate-300 px-3"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-1 flex-col text-sm text-slate-700">
        Storyfile
        <select
          className="mt-1 h-10 w-full max-w-xl truncate rounded-lg border border-slate-300 bg-white px-3"
          value={storyfileId ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="" disabled={!allowAll}>
            {allowAll
              ? 'All storyfiles'
              : options.isPending
                ? 'Loading storyfiles…'
                : items.length === 0
                  ? 'No storyfile found'
                  : 'Choose a storyfile'}
          </option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
