import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function restoreTopic(id: string) {
  return callContract(restoreTopicContract, { params: { id } });
}

/** Restores a soft-deleted topic (owner role). */
export function useRestoreTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTopic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topics() });
    },
  });
}
