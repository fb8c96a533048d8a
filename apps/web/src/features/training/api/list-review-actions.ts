import { useQuery } from '@tanstack/react-query';
import { listReviewActionsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The storyfile's review changes, newest first, with who made each and when. */
export function useReviewActions(storyfileId: string | undefined) {
  return useQuery({
    queryKey: trainingKeys.actions(storyfileId ?? ''),
    queryFn: ({ signal }) =>
      callContract(listReviewActionsContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}
