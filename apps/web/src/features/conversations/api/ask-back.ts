import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { previewAskBackContract, updateAskBackContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

const askBackPreviewKey = (storyfileId: string, playRisk: number | null | undefined) =>
  [...conversationKeys.matchingSettings(storyfileId), 'ask-back-preview', playRisk] as const;

/**
 * Where the storyfile would play or ask back at a share of wrong answers risked (null: the
 * automatic one), and what that gives on its own questions; none while `playRisk` is undefined.
 */
export function useAskBackPreview(storyfileId: string, playRisk: number | null | undefined) {
  return useQuery({
    queryKey: askBackPreviewKey(storyfileId, playRisk),
    queryFn: ({ signal }) =>
      callContract(previewAskBackContract, {
        params: { id: storyfileId },
        body: { playRisk: playRisk ?? null },
        signal,
      }),
    enabled: playRisk !== undefined,
    retry: false,
  });
}

/** Saves the share of wrong answers risked (null restores the automatic one); the next ask uses it. */
export function useSetAskBack(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playRisk: number | null) =>
      callContract(updateAskBackContract, { params: { id: storyfileId }, body: { playRisk } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(conversationKeys.matchingSettings(storyfileId), settings);
    },
  });
}
