import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveVideoTranscriptContract, type SaveVideoTranscriptBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';
import { transcriptKeys } from './transcript-keys';

export function saveVideoTranscript(
  storyfileId: string,
  videoId: string,
  body: SaveVideoTranscriptBody,
) {
  return callContract(saveVideoTranscriptContract, { params: { id: storyfileId, videoId }, body });
}

/**
 * Saves the author's captions. The video's captions URL names the new revision, so the videos
 * list is fetched again and every player takes up the saved captions.
 */
export function useSaveVideoTranscript(storyfileId: string, videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVideoTranscriptBody) => saveVideoTranscript(storyfileId, videoId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(transcriptKeys.video(storyfileId, videoId), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transcriptKeys.list(storyfileId) }),
        queryClient.invalidateQueries({ queryKey: storyfileKeys.videos(storyfileId) }),
      ]);
    },
  });
}
