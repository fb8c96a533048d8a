import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function updateTopic(input: { id: string; name?: string; description?: string }) {
  const { id, ...body } = input;
  return callContract(updateTopicContract, { params: { id }, body });
}

/** Renames or describes a library topic. */
export function useUpdateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTopic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
