import { useQuery } from '@tanstack/react-query';
import { getMyActivityStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { getSignedUrlRefetchDelay } from '@/lib/storyfile-queries';
import { learningKeys } from './keys';

const NO_CLIPS_STALE_MS = 5 * 60_000;

/**
 * The player's storyfile of a student's open activity: name, starters, idle and intro clips (signed
 * URLs, renewed before they lapse so the idle loop keeps playing while the student reads).
 */
export function useMyActivityStoryfile(activityId: string, storyfileId: string | null) {
  return useQuery({
    queryKey: learningKeys.myActivityStoryfile(activityId, storyfileId ?? ''),
    queryFn: ({ signal }) =>
      callContract(getMyActivityStoryfileContract, {
        params: { id: activityId, storyfileId: storyfileId ?? '' },
        signal,
      }),
    enabled: storyfileId !== null,
    retry: false,
    staleTime: (query) =>
      getSignedUrlRefetchDelay([
        query.state.data?.clips.idle?.expiresAt,
        query.state.data?.clips.intro?.expiresAt,
      ]) || NO_CLIPS_STALE_MS,
    refetchInterval: (query) =>
      query.state.status === 'success'
        ? getSignedUrlRefetchDelay([
            query.state.data?.clips.idle?.expiresAt,
            query.state.data?.clips.intro?.expiresAt,
          ])
        : false,
  });
}
