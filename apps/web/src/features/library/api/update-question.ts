import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateLibraryQuestionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function updateQuestion(input: { id: string; text?: string; alternates?: string[] }) {
  const { id, ...body } = input;
  return callContract(updateLibraryQuestionContract, { params: { id }, body });
}

/** Edits a library question or its alternates. */
export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
