import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveVideoTranscriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { transcriptKeys } from './transcript-keys';

export function approveVideoTranscript(storyfileId: string, videoId: string, revision: number) {
  return callContract(approveVideoTranscriptContract, {
    params: { id: storyfileId, videoId },
    body: { revision },
  });
}

/** Marks the draft reviewed as it is: its words reach visitors from then on (issue 52). */
export function useApproveVideoTranscript(storyfileId: string, videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => approveVideoTranscript(storyfileId, videoId, revision),
    onSuccess: async (approved) => {
      queryClient.setQueryData(transcriptKeys.video(storyfileId, videoId), approved);
      await queryClient.invalidateQueries({ queryKey: transcriptKeys.list(storyfileId) });
    },
  });
}
