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

/** How often the settings are read again while the script's sentence vectors are being made. */
export const PREPARING_REFETCH_MS = 3_000;

export const getMatchingSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.matchingSettings(id),
    queryFn: ({ signal }) => getMatchingSettings(id, signal),
    // Words alone while vectors are made (a new script, or every storyfile after a change of
    // sentence model): read again until meaning takes part, so the count of what is left moves.
    refetchInterval: (query) => {
      const scoring = query.state.data?.scoring;
      return scoring?.mode === 'lexical' && scoring.embedderStatus !== 'none'
        ? PREPARING_REFETCH_MS
        : false;
    },
  });

/** The storyfile's out-of-scope threshold, its default and the one in force. */
export function useMatchingSettings(id: string) {
  return useQuery(getMatchingSettingsQueryOptions(id));
}
