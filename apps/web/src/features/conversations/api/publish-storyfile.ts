import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { conversationKeys } from './keys';

export function publishStoryfile(id: string) {
  return callContract(publishStoryfileContract, { params: { id } });
}

/** Publishes: the share link (the same slug as before, if it was published once) answers visitors. */
export function usePublishStoryfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishStoryfile(id),
    onSuccess: (publication) => {
      queryClient.setQueryData(conversationKeys.publication(id), publication);
      // The storyfile's status is derived from the publication: badges and lists read it anew.
      void queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
    },
  });
}
