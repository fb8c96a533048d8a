import { useState } from 'react';
import { useStoryfileOptions } from '@/entities/storyfile';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSelectedStoryfileName } from '../hooks/use-selected-storyfile-name';
import { CONTROL_CLASS, Field } from '@/components/ui/field';
import { FilterSelect } from '@/components/ui/filter-select';

/** How long typing in the storyfile search waits before asking the server. */
const STORYFILE_SEARCH_DELAY_MS = 300;

/**
 * The storyfile filter: a select of the user's storyfiles by name. With more than the list
 * endpoint's largest page, a search field above it narrows the select through the server.
 */
export function StoryfileFilter({
  storyfileId,
  onChange,
}: {
  storyfileId: string | undefined;
  onChange: (storyfileId: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), STORYFILE_SEARCH_DELAY_MS);
  const all = useStoryfileOptions();
  const found = useStoryfileOptions({ search: settledSearch });
  const selected = useSelectedStoryfileName(storyfileId);
  const isSearchable = search !== '' || all.data?.isComplete === false;
  const options = (found.data?.items ?? []).map((storyfile) => ({
    value: storyfile.id,
    label: storyfile.name,
  }));
  // The chosen storyfile stays selectable whatever the search shows.
  if (storyfileId !== undefined && !options.some((option) => option.value === storyfileId)) {
    options.unshift({
      value: storyfileId,
      label: selected.name ?? (selected.isPending ? 'Loading…' : 'Another storyfile'),
    });
  }
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      {isSearchable ? (
        <Field label="Find a storyfile" className="w-full">
          {(id) => (
            <input
              id={id}
              type="search"
              className={CONTROL_CLASS}
              placeholder="Words of its name"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      ) : null}
      <FilterSelect
        label="Storyfile"
        className="w-full"
        allLabel={
          settledSearch !== '' && found.data?.items.length === 0
            ? 'No storyfile has those words'
            : 'All storyfiles'
        }
        value={storyfileId}
        options={options}
        onChange={onChange}
      />
      {found.error ? (
        <p role="alert" className="text-sm text-red-700">
          The storyfile names could not be loaded: {found.error.message}
        </p>
      ) : null}
    </div>
  );
}
