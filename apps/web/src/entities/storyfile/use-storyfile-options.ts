import { useQuery } from '@tanstack/react-query';
import { listStoryfilesContract, MAX_ROWS_PER_PAGE } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';

export type StoryfileOptionsInput = {
  /** Words the name (or, unless `isNameOnly`, the description) must hold; '' for all. */
  search?: string;
  /** Only this namespace's storyfiles (an organization's, the scopes a category can have). */
  namespaceId?: string | undefined;
  /** Searches the name alone. */
  isNameOnly?: boolean;
  enabled?: boolean;
};

/**
 * The storyfiles the user can read, by name, for the pickers and filters of every feature: at
 * most 100 (the list endpoint's largest page), with `isComplete` false when there are more, so a
 * picker can offer a search. While a new search loads, the previous choices stay on screen; a
 * change of namespace never shows the other namespace's storyfiles.
 */
export function useStoryfileOptions({
  search = '',
  namespaceId,
  isNameOnly = false,
  enabled = true,
}: StoryfileOptionsInput = {}) {
  const namespace = namespaceId ?? '';
  return useQuery({
    queryKey: storyfileKeys.options({ search, namespaceId: namespace, isNameOnly }),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: {
          pageSize: MAX_ROWS_PER_PAGE,
          sort: 'name',
          order: 'asc',
          ...(search === '' ? {} : { search }),
          ...(isNameOnly ? { searchOptions: 'name' } : {}),
          ...(namespace === '' ? {} : { namespaceId: namespace }),
        },
        signal,
      }),
    select: (page) => ({ items: page.items, isComplete: page.total <= page.items.length }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3]?.namespaceId === namespace ? previous : undefined,
    staleTime: 60_000,
    enabled,
  });
}
