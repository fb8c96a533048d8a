import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStoryfileContract, type CreateStoryfileBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { ME_QUERY_KEY, storyfileKeys } from './keys';

export type CreateStoryfileInput = Pick<CreateStoryfileBody, 'namespaceId' | 'name'> &
  Partial<Pick<CreateStoryfileBody, 'description' | 'language' | 'scriptId'>>;

export function createStoryfile(body: CreateStoryfileInput) {
  return callContract(createStoryfileContract, { body });
}

/**
 * Creates a storyfile (optionally filled from a script). auth/me lists the storyfiles each
 * namespace holds, so it is refreshed too.
 */
export function useCreateStoryfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoryfile,
    onSuccess: async (storyfile) => {
      queryClient.setQueryData(storyfileKeys.detail(storyfile.id), storyfile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
