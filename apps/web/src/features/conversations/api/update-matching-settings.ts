import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMatchingSettingsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

export function updateMatchingSettings(id: string, threshold: number | null) {
  return callContract(updateMatchingSettingsContract, { params: { id }, body: { threshold } });
}

/** Sets the threshold (null restores the default); the next ask uses it. */
export function useUpdateMatchingSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number | null) => updateMatchingSettings(id, threshold),
    onSuccess: (settings) => {
      queryClient.setQueryData(conversationKeys.matchingSettings(id), settings);
    },
  });
}
