import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setTrainingThresholdContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** Sets the storyfile's threshold (the calibrated one); training numbers refresh. */
export function useSetThreshold(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number | null) =>
      callContract(setTrainingThresholdContract, {
        params: { id: storyfileId },
        body: { threshold },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
  });
}
