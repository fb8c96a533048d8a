import { useQuery } from '@tanstack/react-query';
import { listStoryfilesContract, MAX_ROWS_PER_PAGE } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { chatLogKeys } from './keys';

/**
 * The storyfiles the user can read, by name, for the storyfile filter (the first 100: the list
 * endpoint's largest page). Deleted storyfiles are left out; their logs stay under "All".
 */
export function useStoryfileOptions() {
  return useQuery({
    queryKey: chatLogKeys.storyfileOptions(),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: { pageSize: MAX_ROWS_PER_PAGE, sort: 'name', order: 'asc' },
        signal,
      }),
    select: (page) => page.items.map((item) => ({ id: item.id, name: item.name })),
    staleTime: 60_000,
  });
}
