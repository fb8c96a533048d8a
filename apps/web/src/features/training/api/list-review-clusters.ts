import { useQuery } from '@tanstack/react-query';
import { listReviewClustersContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The storyfile's groups of similar questions to review, strongest first. */
export function useReviewClusters(storyfileId: string | undefined) {
  return useQuery({
    queryKey: trainingKeys.clusters(storyfileId ?? ''),
    queryFn: ({ signal }) =>
      callContract(listReviewClustersContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}
