import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStoryfileStartersContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { orderStarters } from '../utils/reorder';
import {
  changeStoryfileOptimistically,
  rollBackStoryfile,
  storeStoryfileDetail,
} from './detail-cache';

export function setStoryfileStarters(id: string, questionIds: string[]) {
  return callContract(setStoryfileStartersContract, { params: { id }, body: { questionIds } });
}

/** Sets the conversation starters (add, remove, reorder) at once; rolled back on refusal. */
export function useSetStoryfileStarters(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionIds: string[]) => setStoryfileStarters(id, questionIds),
    onMutate: (questionIds) =>
      changeStoryfileOptimistically(queryClient, id, (storyfile) =>
        orderStarters(storyfile, questionIds),
      ),
    onError: (_error, _ids, context) => rollBackStoryfile(queryClient, id, context),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
