import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboardFiguresContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function getDashboardFigures(signal?: AbortSignal) {
  return callContract(getDashboardFiguresContract, signal ? { signal } : {});
}

export const getDashboardFiguresQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'figures'],
    queryFn: ({ signal }) => getDashboardFigures(signal),
  });

/** Storyfiles, answers, conversations and fallbacks over the user's namespaces. */
export function useDashboardFigures() {
  return useQuery(getDashboardFiguresQueryOptions());
}
