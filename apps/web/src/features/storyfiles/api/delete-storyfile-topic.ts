import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteStoryfileTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storeStoryfileDetail } from './detail-cache';

export function deleteStoryfileTopic(id: string, topicId: string) {
  return callContract(deleteStoryfileTopicContract, { params: { id, topicId } });
}

/** Removes a topic and its questions from the checklist. */
export function useDeleteStoryfileTopic(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => deleteStoryfileTopic(id, topicId),
    onSuccess: (storyfile) => storeStoryfileDetail(queryClient, storyfile),
  });
}
