import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateScriptContract, type ScriptDetail } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function updateScript(input: { id: string; name?: string; description?: string }) {
  const { id, ...body } = input;
  return callContract(updateScriptContract, { params: { id }, body });
}

/** Renames or describes a script; the cached detail keeps its content. */
export function useUpdateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScript,
    onSuccess: async (script) => {
      queryClient.setQueryData<ScriptDetail>(libraryKeys.script(script.id), (current) =>
        current === undefined ? current : { ...current, ...script, topics: current.topics },
      );
      await queryClient.invalidateQueries({ queryKey: libraryKeys.scriptLists() });
    },
  });
}
