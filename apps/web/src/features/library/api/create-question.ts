import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLibraryQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function createQuestion(body: { topicId: string; text: string; alternates?: string[] }) {
  return callContract(createLibraryQuestionContract, { body });
}

/** Adds a question at the end of a library topic. */
export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
