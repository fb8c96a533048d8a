import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listStoryfilesContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

const OPTION_LIMIT = 100;

/** Storyfiles to pick a story from: the first 100 by name that match the search. */
export function useStoryfileOptions(search: string) {
  return useQuery({
    queryKey: inkKeys.storyfileOptions(search),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: { search, page: 1, pageSize: OPTION_LIMIT, sort: 'name', order: 'asc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
