import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { previewThresholdChangeContract, setTrainingThresholdContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

const thresholdPreviewKey = (storyfileId: string, threshold: number | null | undefined) =>
  [...conversationKeys.matchingSettings(storyfileId), 'preview', threshold] as const;

/**
 * What setting the threshold (null: the automatic one) would do to past questions, asked before it
 * is saved (issue 28: no change to matching without its preview); none while `threshold` is
 * undefined.
 */
export function useThresholdChangePreview(
  storyfileId: string,
  threshold: number | null | undefined,
) {
  return useQuery({
    queryKey: thresholdPreviewKey(storyfileId, threshold),
    queryFn: ({ signal }) =>
      callContract(previewThresholdChangeContract, {
        params: { id: storyfileId },
        body: { threshold: threshold ?? null },
        signal,
      }),
    enabled: threshold !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/**
 * Sets the threshold (null restores the automatic one) and returns what it did to past questions;
 * the next ask uses it.
 */
export function useSetThresholdWithPreview(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number | null) =>
      callContract(setTrainingThresholdContract, {
        params: { id: storyfileId },
        body: { threshold },
      }),
    onSuccess: (applied) => {
      queryClient.setQueryData(conversationKeys.matchingSettings(storyfileId), applied.settings);
    },
  });
}
