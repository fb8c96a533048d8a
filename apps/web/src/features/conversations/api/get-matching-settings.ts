import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMatchingSettingsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

export function getMatchingSettings(id: string, signal?: AbortSignal) {
  return callContract(getMatchingSettingsContract, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
}

export const getMatchingSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.matchingSettings(id),
    queryFn: ({ signal }) => getMatchingSettings(id, signal),
  });

/** The storyfile's out-of-scope threshold, its default and the one in force. */
export function useMatchingSettings(id: string) {
  return useQuery(getMatchingSettingsQueryOptions(id));
}
