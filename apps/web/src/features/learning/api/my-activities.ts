import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  askMyActivityContract,
  getMyActivityContract,
  listMyActivitiesContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

export function useMyActivities() {
  return useQuery({
    queryKey: learningKeys.myActivities(),
    queryFn: ({ signal }) => callContract(listMyActivitiesContract, { signal }),
  });
}

export function useMyActivity(activityId: string) {
  return useQuery({
    queryKey: learningKeys.myActivity(activityId),
    queryFn: ({ signal }) =>
      callContract(getMyActivityContract, { params: { id: activityId }, signal }),
  });
}

/** A student's question; their activity (progress, transcript) refreshes after it. */
export function useAskMyActivity(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { storyfileId: string; text: string; conversationId?: string }) =>
      callContract(askMyActivityContract, {
        params: { id: activityId },
        body: { ...body, inputMode: 'typed' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
