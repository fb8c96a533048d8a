import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export const getTopicQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.topic(id),
    queryFn: ({ signal }) => callContract(getTopicContract, { params: { id }, signal }),
  });

/** A library topic with its live questions in order. */
export function useTopic(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTopicQueryOptions(id), enabled: options.enabled ?? true });
}
