import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateStoryfileContract, type UpdateStoryfileBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

export function updateStoryfile(id: string, body: UpdateStoryfileBody) {
  return callContract(updateStoryfileContract, { params: { id }, body });
}

/** Changes name, description, language or status; the answer replaces the cached detail. */
export function useUpdateStoryfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStoryfileBody) => updateStoryfile(id, body),
    onSuccess: async (storyfile) => {
      queryClient.setQueryData(storyfileKeys.detail(id), storyfile);
      await queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
    },
  });
}
