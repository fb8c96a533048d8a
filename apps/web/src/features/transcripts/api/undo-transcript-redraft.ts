import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoTranscriptRedraftContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { transcriptKeys } from './transcript-keys';

export function undoTranscriptRedraft(storyfileId: string, videoId: string, revision: number) {
  return callContract(undoTranscriptRedraftContract, {
    params: { id: storyfileId, videoId },
    body: { revision },
  });
}

/** Puts back the draft a redraft with the storyfile's voice replaced (issue 52). */
export function useUndoTranscriptRedraft(storyfileId: string, videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => undoTranscriptRedraft(storyfileId, videoId, revision),
    onSuccess: async (restored) => {
      queryClient.setQueryData(transcriptKeys.video(storyfileId, videoId), restored);
      await queryClient.invalidateQueries({ queryKey: transcriptKeys.list(storyfileId) });
    },
  });
}
