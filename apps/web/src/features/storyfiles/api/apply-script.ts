import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export function applyScript(id: string, scriptId: string) {
  return callContract(applyScriptContract, { params: { id }, body: { scriptId } });
}

/** Merges a script into a storyfile; the answer says how much was added and skipped. */
export function useApplyScript(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scriptId: string) => applyScript(id, scriptId),
    onSuccess: async (result) => {
      queryClient.setQueryData(storyfileKeys.detail(id), result.storyfile);
      await queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
    },
  });
}
