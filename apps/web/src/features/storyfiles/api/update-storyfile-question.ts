import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateStoryfileQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileDetail } from './detail-cache';

export type QuestionChange = { text?: string; alternates?: string[] };

export function updateStoryfileQuestion(id: string, questionId: string, body: QuestionChange) {
  return callContract(updateStoryfileQuestionContract, { params: { id, questionId }, body });
}

/** Edits a question's text or its alternate phrasings. */
export function useUpdateStoryfileQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...body }: QuestionChange & { questionId: string }) =>
      updateStoryfileQuestion(id, questionId, body),
    onSuccess: () => refreshStoryfileDetail(queryClient, id),
  });
}
