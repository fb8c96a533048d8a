import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyReviewChangeContract, type ReviewChange } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { trainingKeys } from './keys';

/** Applies a change; the inbox, groups, history and the storyfile's checklist refresh. */
export function useApplyReviewChange(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange) =>
      callContract(applyReviewChangeContract, { params: { id: storyfileId }, body: change }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
        queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(storyfileId) }),
      ]),
  });
}
