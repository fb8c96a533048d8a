import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStoryfileTopicContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileDetail } from './detail-cache';

export function createStoryfileTopic(id: string, name: string) {
  return callContract(createStoryfileTopicContract, { params: { id }, body: { name } });
}

/** Appends an empty topic to the checklist. */
export function useCreateStoryfileTopic(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createStoryfileTopic(id, name),
    onSuccess: () => refreshStoryfileDetail(queryClient, id),
  });
}
