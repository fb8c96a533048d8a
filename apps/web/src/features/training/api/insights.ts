import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCoverageHistoryContract,
  getThresholdCalibrationContract,
  listWordSuggestionsContract,
  setTrainingThresholdContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The calibrated-threshold offer and its trade-off curve. */
export function useThresholdCalibration(storyfileId: string | undefined) {
  return useQuery({
    queryKey: [...trainingKeys.all, 'calibration', storyfileId ?? ''] as const,
    queryFn: ({ signal }) =>
      callContract(getThresholdCalibrationContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}

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

/** Asked, answered and fallen back per day. */
export function useCoverageHistory(storyfileId: string | undefined) {
  return useQuery({
    queryKey: [...trainingKeys.all, 'coverage', storyfileId ?? ''] as const,
    queryFn: ({ signal }) =>
      callContract(getCoverageHistoryContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}

/** Candidate custom words from the storyfile's own content. */
export function useWordSuggestions(storyfileId: string | undefined) {
  return useQuery({
    queryKey: [...trainingKeys.all, 'word-suggestions', storyfileId ?? ''] as const,
    queryFn: ({ signal }) =>
      callContract(listWordSuggestionsContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}
