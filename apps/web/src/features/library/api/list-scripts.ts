import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listScriptsContract, type listScriptsQuerySchema } from '@conversa/contracts';
import type { z } from 'zod';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type ListScriptsInput = z.input<typeof listScriptsQuerySchema>;

export const listScriptsQueryOptions = (query: ListScriptsInput) =>
  queryOptions({
    queryKey: [...libraryKeys.scriptLists(), query],
    queryFn: ({ signal }) => callContract(listScriptsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of scripts: shipped templates and the namespaces' own. */
export function useScripts(query: ListScriptsInput) {
  return useQuery(listScriptsQueryOptions(query));
}
