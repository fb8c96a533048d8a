import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reorderStoryfileTopicsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { orderTopics } from '../utils/reorder';
import {
  changeStoryfileOptimistically,
  rollBackStoryfile,
  storeStoryfileDetail,
} from './detail-cache';

export function reorderStoryfileTopics(id: string, topicIds: string[]) {
  return callContract(reorderStoryfileTopicsContract, { params: { id }, body: { ids: topicIds } });
}

/** Puts the topics in a new order at once; rolled back if the server refuses. */
export function useReorderStoryfileTopics(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicIds: string[]) => reorderStoryfileTopics(id, topicIds),
    onMutate: (topicIds) =>
      changeStoryfileOptimistically(queryClient, id, (storyfile) =>
        orderTopics(storyfile, topicIds),
      ),
    onError: (_error, _ids, context) => rollBackStoryfile(queryClient, id, context),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
