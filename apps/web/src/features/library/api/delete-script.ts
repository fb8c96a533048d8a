import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function deleteScript(id: string) {
  return callContract(deleteScriptContract, { params: { id } });
}

/** Soft-deletes a script (renamed to `<name> - Deleted`). */
export function useDeleteScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScript,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.scripts() });
    },
  });
}
