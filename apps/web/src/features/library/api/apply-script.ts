import { useMutation } from '@tanstack/react-query';
import { applyScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function applyScript(input: { storyfileId: string; scriptId: string }) {
  return callContract(applyScriptContract, {
    params: { id: input.storyfileId },
    body: { scriptId: input.scriptId },
  });
}

/** Merges a script into a storyfile; the answer tells what was added and skipped. */
export function useApplyScript() {
  return useMutation({ mutationFn: applyScript });
}
