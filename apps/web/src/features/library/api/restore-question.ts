import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreLibraryQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function restoreQuestion(id: string) {
  return callContract(restoreLibraryQuestionContract, { params: { id } });
}

/** Restores a soft-deleted library question (owner role). */
export function useRestoreQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreQuestion,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
