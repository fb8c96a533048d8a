import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  askMyActivityContract,
  getMyActivityContract,
  listMyActivitiesContract,
  rateMyActivityAnswerContract,
  type AskBody,
  type ExchangeFeedback,
  type MyActivity,
  type Progress,
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

type MyActivityPage = z.infer<typeof getMyActivityContract.response>;
type MyActivityList = z.infer<typeof listMyActivitiesContract.response>;

function withProgress(activity: MyActivity, id: string, progress: Progress): MyActivity {
  return activity.id === id ? { ...activity, progress } : activity;
}

/**
 * A student's question to one storyfile of their activity (what the player asks with). The bar
 * moves with the answer's own progress at once; the activity (transcript) and the list refresh,
 * the player's storyfile does not (its clips keep playing).
 */
export function useAskMyActivity(activityId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ storyfileId, ...body }: AskBody & { storyfileId: string }) =>
      callContract(askMyActivityContract, {
        params: { id: activityId },
        body: { ...body, storyfileId },
      }),
    onSuccess: ({ progress }) => {
      queryClient.setQueryData<MyActivityPage>(
        learningKeys.myActivity(activityId),
        (page) => page && { ...page, activity: withProgress(page.activity, activityId, progress) },
      );
      queryClient.setQueryData<MyActivityList>(
        learningKeys.myActivities(),
        (list) =>
          list && { items: list.items.map((item) => withProgress(item, activityId, progress)) },
      );
      // Not awaited: the answer plays at once, the transcript follows.
      void queryClient.invalidateQueries({ queryKey: learningKeys.myActivity(activityId) });
      void queryClient.invalidateQueries({ queryKey: learningKeys.myActivities() });
    },
  });
  return mutation.mutateAsync;
}

/** A student's thumbs up or down on an answer of their activity (once per exchange). */
export function rateMyActivityAnswer(
  activityId: string,
  exchangeId: string,
  feedback: ExchangeFeedback,
) {
  return callContract(rateMyActivityAnswerContract, {
    params: { id: activityId, exchangeId },
    body: { feedback },
  });
}

/**
 * The student's rating with the activity refreshed after it: "Your attempts" then shows the
 * rating the server kept, whether given in the player or in the attempts.
 */
export function useRateMyActivityAnswer(activityId: string) {
  const queryClient = useQueryClient();
  return async (exchangeId: string, feedback: ExchangeFeedback) => {
    const rated = await rateMyActivityAnswer(activityId, exchangeId, feedback);
    void queryClient.invalidateQueries({ queryKey: learningKeys.myActivity(activityId) });
    return rated;
  };
}
