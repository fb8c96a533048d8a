import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listTopicsContract, type listTopicsQuerySchema } from '@conversa/contracts';
import type { z } from 'zod';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export type ListTopicsInput = z.input<typeof listTopicsQuerySchema>;

export const listTopicsQueryOptions = (query: ListTopicsInput) =>
  queryOptions({
    queryKey: [...libraryKeys.topicLists(), query],
    queryFn: ({ signal }) => callContract(listTopicsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the question library's topics. */
export function useTopics(query: ListTopicsInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listTopicsQueryOptions(query), enabled: options.enabled ?? true });
}
