import { useQuery } from '@tanstack/react-query';
import { getTrainingOverviewContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The storyfile's training numbers (Instructions). */
export function useTrainingOverview(storyfileId: string | undefined) {
  return useQuery({
    queryKey: [...trainingKeys.all, 'overview', storyfileId ?? ''] as const,
    queryFn: ({ signal }) =>
      callContract(getTrainingOverviewContract, { params: { id: storyfileId ?? '' }, signal }),
    enabled: storyfileId !== undefined,
  });
}
