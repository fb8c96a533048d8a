import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reorderStoryfileQuestionsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { orderQuestions } from '../utils/reorder';
import {
  changeStoryfileOptimistically,
  rollBackStoryfile,
  storeStoryfileDetail,
} from './detail-cache';

export function reorderStoryfileQuestions(id: string, topicId: string, questionIds: string[]) {
  return callContract(reorderStoryfileQuestionsContract, {
    params: { id, topicId },
    body: { ids: questionIds },
  });
}

type Input = { topicId: string; questionIds: string[] };

/** Puts one topic's questions in a new order at once; rolled back if the server refuses. */
export function useReorderStoryfileQuestions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, questionIds }: Input) =>
      reorderStoryfileQuestions(id, topicId, questionIds),
    onMutate: ({ topicId, questionIds }: Input) =>
      changeStoryfileOptimistically(queryClient, id, (storyfile) =>
        orderQuestions(storyfile, topicId, questionIds),
      ),
    onError: (_error, _input, context) => rollBackStoryfile(queryClient, id, context),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
