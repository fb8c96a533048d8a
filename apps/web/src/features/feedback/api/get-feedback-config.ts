import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFeedbackConfigContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export const getFeedbackConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['feedback', 'config'],
    queryFn: ({ signal }) => callContract(getFeedbackConfigContract, { signal }),
    // Server configuration: it changes with a restart, not while the page is open.
    staleTime: Infinity,
  });

export function useFeedbackConfig(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getFeedbackConfigQueryOptions(), enabled: options.enabled ?? true });
}
