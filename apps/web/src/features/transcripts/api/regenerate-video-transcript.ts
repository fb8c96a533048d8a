import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateVideoTranscriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { transcriptKeys } from './transcript-keys';

export function regenerateVideoTranscript(storyfileId: string, videoId: string) {
  return callContract(regenerateVideoTranscriptContract, { params: { id: storyfileId, videoId } });
}

/** Queues a new draft by the recognizer; the editor then waits for it (the transcript is pending). */
export function useRegenerateVideoTranscript(storyfileId: string, videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateVideoTranscript(storyfileId, videoId),
    onSuccess: async (pending) => {
      queryClient.setQueryData(transcriptKeys.video(storyfileId, videoId), pending);
      await queryClient.invalidateQueries({ queryKey: transcriptKeys.list(storyfileId) });
    },
  });
}
