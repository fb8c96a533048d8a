import { useQuery } from '@tanstack/react-query';
import { getMyActivityStoryfileContract, type MyActivityStoryfile } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { getSignedUrlRefetchDelay } from '@/lib/storyfile-queries';
import { learningKeys } from './keys';

const NO_CLIPS_STALE_MS = 5 * 60_000;

const getClipsRefetchDelay = (data: MyActivityStoryfile | undefined) =>
  getSignedUrlRefetchDelay([data?.clips.idle?.expiresAt, data?.clips.intro?.expiresAt]);

/**
 * The player's storyfile of a student's open activity: name, starters, idle and intro clips (signed
 * URLs, renewed before they lapse so the idle loop keeps playing while the student reads).
 */
export function useMyActivityStoryfile(activityId: string, storyfileId: string) {
  return useQuery({
    queryKey: learningKeys.myActivityStoryfile(activityId, storyfileId),
    queryFn: ({ signal }) =>
      callContract(getMyActivityStoryfileContract, {
        params: { id: activityId, storyfileId },
        signal,
      }),
    retry: false,
    staleTime: (query) => getClipsRefetchDelay(query.state.data) || NO_CLIPS_STALE_MS,
    refetchInterval: (query) =>
      query.state.status === 'success' ? getClipsRefetchDelay(query.state.data) : false,
  });
}
