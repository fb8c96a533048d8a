import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listStoryfilesContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export type StoryfileListInput = {
  search: string;
  searchOptions: string[];
  page: number;
  pageSize: number;
  /** Also soft-deleted storyfiles (owners only, for restore). */
  includeDeleted?: boolean;
};

export function listStoryfiles(input: StoryfileListInput, signal?: AbortSignal) {
  return callContract(listStoryfilesContract, {
    query: {
      search: input.search,
      searchOptions: input.searchOptions.join(','),
      page: input.page,
      pageSize: input.pageSize,
      ...(input.includeDeleted ? { includeDeleted: 'true' as const } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

export const listStoryfilesQueryOptions = (input: StoryfileListInput) =>
  queryOptions({
    queryKey: [...storyfileKeys.lists(), input],
    queryFn: ({ signal }) => listStoryfiles(input, signal),
    // Paging keeps the previous page on screen instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });

/** One page of storyfiles for the list's search, fields and page (spec §2, §5). */
export function useStoryfiles(input: StoryfileListInput) {
  return useQuery(listStoryfilesQueryOptions(input));
}
