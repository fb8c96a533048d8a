import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkStoryfileNameContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export type NameCheckInput = { name: string; namespaceId: string; excludeId?: string };

export function checkStoryfileName(input: NameCheckInput, signal?: AbortSignal) {
  return callContract(checkStoryfileNameContract, {
    query: {
      name: input.name,
      organizationIds: input.namespaceId,
      ...(input.excludeId === undefined ? {} : { excludeId: input.excludeId }),
    },
    ...(signal ? { signal } : {}),
  });
}

export const checkStoryfileNameQueryOptions = (input: NameCheckInput) =>
  queryOptions({
    queryKey: storyfileKeys.nameTaken(input.name, input.namespaceId, input.excludeId),
    queryFn: ({ signal }) => checkStoryfileName(input, signal),
    staleTime: 5_000,
  });

/** Whether a storyfile name is free in a namespace (spec §7 nameTaken); off for a blank name. */
export function useStoryfileNameCheck(input: NameCheckInput | null) {
  return useQuery({
    ...checkStoryfileNameQueryOptions(input ?? { name: '', namespaceId: '' }),
    enabled: input !== null && input.name.trim() !== '' && input.namespaceId !== '',
  });
}
