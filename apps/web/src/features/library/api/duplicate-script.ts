import { useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicateScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function duplicateScript(input: { id: string; namespaceId: string; name?: string }) {
  const { id, ...body } = input;
  return callContract(duplicateScriptContract, { params: { id }, body });
}

/** Copies a script or shipped template into a namespace. */
export function useDuplicateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateScript,
    onSuccess: async (script) => {
      queryClient.setQueryData(libraryKeys.script(script.id), script);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.scriptLists() });
    },
  });
}
