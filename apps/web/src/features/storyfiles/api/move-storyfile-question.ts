import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveStoryfileQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { moveQuestion } from '../utils/reorder';
import {
  changeStoryfileOptimistically,
  rollBackStoryfile,
  storeStoryfileDetail,
} from './detail-cache';

type Input = { questionId: string; topicId: string; index: number };

export function moveStoryfileQuestion(id: string, { questionId, topicId, index }: Input) {
  return callContract(moveStoryfileQuestionContract, {
    params: { id, questionId },
    body: { topicId, index },
  });
}

/** Moves a question into another topic (or place) at once; rolled back if the server refuses. */
export function useMoveStoryfileQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => moveStoryfileQuestion(id, input),
    onMutate: ({ questionId, topicId, index }: Input) =>
      changeStoryfileOptimistically(queryClient, id, (storyfile) =>
        moveQuestion(storyfile, questionId, topicId, index),
      ),
    onError: (_error, _input, context) => rollBackStoryfile(queryClient, id, context),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
