import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateStoryfileTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileDetail } from './detail-cache';

export function updateStoryfileTopic(id: string, topicId: string, name: string) {
  return callContract(updateStoryfileTopicContract, { params: { id, topicId }, body: { name } });
}

/** Renames a topic of the checklist. */
export function useUpdateStoryfileTopic(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, name }: { topicId: string; name: string }) =>
      updateStoryfileTopic(id, topicId, name),
    onSuccess: () => refreshStoryfileDetail(queryClient, id),
  });
}
