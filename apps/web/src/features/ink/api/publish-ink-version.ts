import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishInkVersionContract, unpublishInkStoryContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

export function publishInkVersion(storyfileId: string, number: number) {
  return callContract(publishInkVersionContract, { params: { id: storyfileId, number } });
}

export function unpublishInkStory(storyfileId: string) {
  return callContract(unpublishInkStoryContract, { params: { id: storyfileId } });
}

/** Publishes a version: the storyfile's conversations run it from their next turn. */
export function usePublishInkVersion(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => publishInkVersion(storyfileId, number),
    onSuccess: (story) => queryClient.setQueryData(inkKeys.story(storyfileId), story),
  });
}

export function useUnpublishInkStory(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unpublishInkStory(storyfileId),
    onSuccess: (story) => queryClient.setQueryData(inkKeys.story(storyfileId), story),
  });
}
