import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unpublishStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { conversationKeys } from './keys';

export function unpublishStoryfile(id: string) {
  return callContract(unpublishStoryfileContract, { params: { id } });
}

/** Unpublishes: the share link and every embed answer "not available" until published again. */
export function useUnpublishStoryfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unpublishStoryfile(id),
    onSuccess: (publication) => {
      queryClient.setQueryData(conversationKeys.publication(id), publication);
      // The storyfile's status is derived from the publication: badges and lists read it anew.
      void queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
    },
  });
}
