import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteStoryfileVideoContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileMedia } from '@/lib/storyfile-queries';

export function deleteStoryfileVideo(storyfileId: string, videoId: string) {
  return callContract(deleteStoryfileVideoContract, { params: { id: storyfileId, videoId } });
}

/** Deletes an answer or clip video; its question or clip becomes unrecorded again. */
export function useDeleteStoryfileVideo(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => deleteStoryfileVideo(storyfileId, videoId),
    onSuccess: () => refreshStoryfileMedia(queryClient, storyfileId),
  });
}
