import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listReviewItemsContract, type ListReviewItemsQuery } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** One page of the Response quality inbox; the server keeps it to the user's namespaces. */
export function useReviewItems(query: ListReviewItemsQuery) {
  return useQuery({
    queryKey: trainingKeys.items(query),
    queryFn: ({ signal }) => callContract(listReviewItemsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
