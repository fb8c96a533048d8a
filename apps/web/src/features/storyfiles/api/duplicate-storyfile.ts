import { useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicateStoryfileContract, type DuplicateStoryfileBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { ME_QUERY_KEY, storyfileKeys } from './keys';

export function duplicateStoryfile(id: string, body: DuplicateStoryfileBody) {
  return callContract(duplicateStoryfileContract, { params: { id }, body });
}

/**
 * Copies the storyfile in its namespace (script, clips, media, ink story, vocabulary). The copy
 * is a new storyfile, so the lists and auth/me are refreshed.
 */
export function useDuplicateStoryfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateStoryfileBody) => duplicateStoryfile(id, body),
    onSuccess: async (copy) => {
      queryClient.setQueryData(storyfileKeys.detail(copy.id), copy);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
