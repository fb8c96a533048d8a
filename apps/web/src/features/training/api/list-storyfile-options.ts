import { useQuery } from '@tanstack/react-query';
import { listStoryfilesContract, MAX_ROWS_PER_PAGE } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The storyfiles the user can read, by name (the first 100), for the storyfile picker. */
export function useStoryfileOptions() {
  return useQuery({
    queryKey: trainingKeys.storyfileOptions(),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: { pageSize: MAX_ROWS_PER_PAGE, sort: 'name', order: 'asc' },
        signal,
      }),
    select: (page) =>
      page.items.map((item) => ({ id: item.id, name: item.name, namespaceId: item.namespaceId })),
    staleTime: 60_000,
  });
}
