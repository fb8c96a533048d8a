import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function restoreScript(id: string) {
  return callContract(restoreScriptContract, { params: { id } });
}

/** Restores a soft-deleted script (owner role). */
export function useRestoreScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreScript,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.scripts() });
    },
  });
}
