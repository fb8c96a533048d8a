import { useQuery } from '@tanstack/react-query';
import { getActivityContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/** An activity with its roster (states computed by the server on every read). */
export function useActivity(activityId: string | null) {
  return useQuery({
    queryKey: learningKeys.activity(activityId ?? ''),
    queryFn: ({ signal }) =>
      callContract(getActivityContract, { params: { id: activityId ?? '' }, signal }),
    enabled: activityId !== null,
  });
}
