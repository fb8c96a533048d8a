import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { listStoryfileVideosContract } from '@conversa/contracts';
import { callContract } from './api-client';

/**
 * Query keys of the storyfile resources several features read (the storyfile screens, the upload
 * engine, the conversation player). One definition, so an invalidation by one feature reaches
 * every screen; invalidating a prefix refreshes everything below it.
 */
export const storyfileKeys = {
  all: ['storyfiles'] as const,
  lists: () => [...storyfileKeys.all, 'list'] as const,
  /** The pickers' and filters' choices (below `lists()`, so a new or renamed storyfile shows). */
  options: (input: { search: string; namespaceId: string; isNameOnly: boolean }) =>
    [...storyfileKeys.lists(), 'options', input] as const,
  detail: (id: string) => [...storyfileKeys.all, 'detail', id] as const,
  videos: (id: string) => [...storyfileKeys.all, 'videos', id] as const,
  nameTaken: (name: string, namespaceId: string, excludeId: string | undefined) =>
    [...storyfileKeys.all, 'name-taken', namespaceId, excludeId ?? '', name] as const,
  scripts: () => [...storyfileKeys.all, 'scripts'] as const,
};

/** The auth/me query (owned by the auth feature): it lists each namespace's storyfiles. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** Signed URLs are fetched anew this long before they stop working. */
const SIGNED_URL_RENEW_MARGIN_MS = 60_000;
const MIN_SIGNED_URL_REFETCH_MS = 10_000;
// Timers longer than 2^31 - 1 ms (~24.8 days) fire at once: a day keeps any link fresh safely.
const MAX_SIGNED_URL_REFETCH_MS = 86_400_000;

/**
 * Milliseconds until signed media URLs must be fetched again (a minute before the earliest
 * expires, at most a day away), or false when there is none to keep fresh.
 */
export function getSignedUrlRefetchDelay(
  expiries: readonly (string | null | undefined)[],
  now = Date.now(),
): number | false {
  const times = expiries
    .filter((value): value is string => !!value)
    .map((value) => Date.parse(value));
  if (times.length === 0) {
    return false;
  }
  const delay = Math.min(...times) - now - SIGNED_URL_RENEW_MARGIN_MS;
  return Math.min(Math.max(delay, MIN_SIGNED_URL_REFETCH_MS), MAX_SIGNED_URL_REFETCH_MS);
}

function listStoryfileVideos(storyfileId: string, signal?: AbortSignal) {
  return callContract(listStoryfileVideosContract, {
    params: { id: storyfileId },
    ...(signal ? { signal } : {}),
  });
}

/**
 * A storyfile's processed videos with signed URLs, and its pending uploads: one request per
 * storyfile however many screens show them, renewed before the URLs expire.
 */
export const storyfileVideosQueryOptions = (storyfileId: string) =>
  queryOptions({
    queryKey: storyfileKeys.videos(storyfileId),
    queryFn: ({ signal }) => listStoryfileVideos(storyfileId, signal),
    staleTime: (query) =>
      getSignedUrlRefetchDelay(query.state.data?.videos.map((video) => video.urlsExpireAt) ?? []) ||
      0,
    refetchInterval: (query) =>
      getSignedUrlRefetchDelay(query.state.data?.videos.map((video) => video.urlsExpireAt) ?? []),
  });

/**
 * After a video of the storyfile changed (processed, failed or deleted): its recorded marks, its
 * list of videos and the storyfile lists' counts are stale.
 */
export async function refreshStoryfileMedia(
  queryClient: QueryClient,
  storyfileId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(storyfileId) }),
    queryClient.invalidateQueries({ queryKey: storyfileKeys.videos(storyfileId) }),
    queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
  ]);
}
