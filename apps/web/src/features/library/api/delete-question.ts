import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteLibraryQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function deleteQuestion(id: string) {
  return callContract(deleteLibraryQuestionContract, { params: { id } });
}

/** Soft-deletes a library question. */
export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
