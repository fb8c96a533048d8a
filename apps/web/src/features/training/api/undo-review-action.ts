import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoReviewActionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { trainingKeys } from './keys';

export function useUndoReviewAction(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) =>
      callContract(undoReviewActionContract, { params: { id: storyfileId, actionId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
        queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(storyfileId) }),
      ]),
  });
}
