import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMeContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => callContract(getMeContract, { signal }),
    staleTime: 60_000,
  });

/** The signed-in user of spec §3 (auth/me), refreshed on demand by invalidating ['auth', 'me']. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled: options.enabled ?? true });
}
