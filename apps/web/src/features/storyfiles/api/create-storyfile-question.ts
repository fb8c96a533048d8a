import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStoryfileQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileDetail } from './detail-cache';

export function createStoryfileQuestion(id: string, topicId: string, text: string) {
  return callContract(createStoryfileQuestionContract, {
    params: { id },
    body: { topicId, text },
  });
}

/** Appends a typed-in question to a topic. */
export function useCreateStoryfileQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, text }: { topicId: string; text: string }) =>
      createStoryfileQuestion(id, topicId, text),
    onSuccess: () => refreshStoryfileDetail(queryClient, id),
  });
}
