import { useQuery } from '@tanstack/react-query';
import {
  getStoryfileContract,
  listStoryfilesContract,
  MAX_ROWS_PER_PAGE,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { chatLogKeys } from './keys';

/**
 * The storyfiles the user can read whose name or description has the words of `search`, by name,
 * for the storyfile filter: at most 100 (the list endpoint's largest page), with `isComplete`
 * false when there are more, so the filter offers a search. Deleted storyfiles are left out;
 * their logs stay under "All".
 */
export function useStoryfileOptions(search: string) {
  return useQuery({
    queryKey: chatLogKeys.storyfileOptions(search),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: {
          pageSize: MAX_ROWS_PER_PAGE,
          sort: 'name',
          order: 'asc',
          ...(search === '' ? {} : { search }),
        },
        signal,
      }),
    select: (page) => ({
      items: page.items.map((item) => ({ id: item.id, name: item.name })),
      isComplete: page.total <= page.items.length,
    }),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/**
 * The name of the storyfile the logs are filtered by, when the options do not hold it (a link or
 * recent activity can name any storyfile). Shares the storyfile screen's cache entry.
 */
export function useStoryfileName(id: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: storyfileKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callContract(getStoryfileContract, { params: { id: id ?? '' }, signal }),
    select: (storyfile) => storyfile.name,
    enabled: enabled && id !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}
