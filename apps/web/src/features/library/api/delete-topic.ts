import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function deleteTopic(id: string) {
  return callContract(deleteTopicContract, { params: { id } });
}

/** Soft-deletes a library topic with its questions. */
export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTopic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
