import { queryOptions, useQuery } from '@tanstack/react-query';
import { listStoryfileVideosContract, type StoryfileVideos } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { uploadKeys } from './keys';

/** Fresh URLs are fetched this long before the signed ones stop working. */
const URL_RENEW_MARGIN_MS = 60_000;
const MIN_REFETCH_MS = 10_000;

export function listStoryfileVideos(storyfileId: string, signal?: AbortSignal) {
  return callContract(listStoryfileVideosContract, {
    params: { id: storyfileId },
    ...(signal ? { signal } : {}),
  });
}

/** Milliseconds until the list must be fetched again for working URLs, or false with no videos. */
export function getVideosRefetchDelay(
  data: StoryfileVideos | undefined,
  now: number,
): number | false {
  if (data === undefined || data.videos.length === 0) {
    return false;
  }
  const earliest = Math.min(...data.videos.map((video) => Date.parse(video.urlsExpireAt)));
  return Math.max(earliest - now - URL_RENEW_MARGIN_MS, MIN_REFETCH_MS);
}

export const listStoryfileVideosQueryOptions = (storyfileId: string) =>
  queryOptions({
    queryKey: uploadKeys.storyfileVideos(storyfileId),
    queryFn: ({ signal }) => listStoryfileVideos(storyfileId, signal),
    // Signed URLs expire (MEDIA_URL_TTL_SECONDS): renew them before they do.
    refetchInterval: (query) => getVideosRefetchDelay(query.state.data, Date.now()),
  });

/** The storyfile's processed videos with signed URLs, and its pending uploads: one call per storyfile. */
export function useStoryfileVideos(storyfileId: string) {
  return useQuery(listStoryfileVideosQueryOptions(storyfileId));
}
