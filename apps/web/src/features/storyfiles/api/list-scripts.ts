import { queryOptions, useQuery } from '@tanstack/react-query';
import { listScriptsContract, MAX_ROWS_PER_PAGE } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export function listScripts(signal?: AbortSignal) {
  return callContract(listScriptsContract, {
    query: { pageSize: MAX_ROWS_PER_PAGE, sort: 'name' },
    ...(signal ? { signal } : {}),
  });
}

export const listScriptsQueryOptions = () =>
  queryOptions({
    queryKey: storyfileKeys.scripts(),
    queryFn: ({ signal }) => listScripts(signal),
    staleTime: 60_000,
  });

/** Shipped templates and namespace scripts to fill a storyfile from (first 100 by name). */
export function useScripts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...listScriptsQueryOptions(), enabled: options.enabled ?? true });
}
