import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { ME_QUERY_KEY, storyfileKeys } from './keys';

export function deleteStoryfile(id: string) {
  return callContract(deleteStoryfileContract, { params: { id } });
}

/** Soft-deletes a storyfile (renamed to `<name> - Deleted`, restorable by an owner). */
export function useDeleteStoryfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStoryfile,
    onSuccess: async (_summary, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
