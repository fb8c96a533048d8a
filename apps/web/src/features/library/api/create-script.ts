import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createScriptContract, type createScriptBodySchema } from '@conversa/contracts';
import type { z } from 'zod';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function createScript(body: z.input<typeof createScriptBodySchema>) {
  return callContract(createScriptContract, { body });
}

/** Creates a script; lists refresh and the new detail is cached. */
export function useCreateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScript,
    onSuccess: async (script) => {
      queryClient.setQueryData(libraryKeys.script(script.id), script);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.scriptLists() });
    },
  });
}
