import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteStoryfileQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storeStoryfileDetail } from './detail-cache';

export function deleteStoryfileQuestion(id: string, questionId: string) {
  return callContract(deleteStoryfileQuestionContract, { params: { id, questionId } });
}

/** Removes a question from the checklist (and from the starters). */
export function useDeleteStoryfileQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => deleteStoryfileQuestion(id, questionId),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
