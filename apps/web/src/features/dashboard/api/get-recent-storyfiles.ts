import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecentStoryfilesContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function getRecentStoryfiles(ids: readonly string[], signal?: AbortSignal) {
  return callContract(getRecentStoryfilesContract, {
    query: { ids: ids.join(',') },
    ...(signal ? { signal } : {}),
  });
}

// Under the storyfiles prefix, so any storyfile change there refreshes this panel too.
export const getRecentStoryfilesQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ['storyfiles', 'recent', ids.join(',')],
    queryFn: ({ signal }) => getRecentStoryfiles(ids, signal),
  });

/** The browser's recent storyfile ids resolved to live storyfiles, newest first (spec §3, §5). */
export function useRecentStoryfiles(ids: readonly string[]) {
  return useQuery({ ...getRecentStoryfilesQueryOptions(ids), enabled: ids.length > 0 });
}
