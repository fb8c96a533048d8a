import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export function getStoryfile(id: string, signal?: AbortSignal) {
  return callContract(getStoryfileContract, { params: { id }, ...(signal ? { signal } : {}) });
}

export const getStoryfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyfileKeys.detail(id),
    queryFn: ({ signal }) => getStoryfile(id, signal),
    retry: false,
  });

/** A storyfile with its whole checklist, clips and starters. */
export function useStoryfile(id: string) {
  return useQuery(getStoryfileQueryOptions(id));
}
