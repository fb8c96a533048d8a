import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicStoryfileContract } from '@conversa/contracts';
import { getSignedUrlRefetchDelay } from '@/lib/storyfile-queries';
import { conversationKeys } from './keys';
import { callPublicContract } from './public-request';

export function getPublicStoryfile(slug: string, signal?: AbortSignal) {
  return callPublicContract(getPublicStoryfileContract, {
    params: { slug },
    ...(signal ? { signal } : {}),
  });
}

const getClipsRefetchDelay = (data: Awaited<ReturnType<typeof getPublicStoryfile>> | undefined) =>
  getSignedUrlRefetchDelay([data?.clips.idle?.expiresAt, data?.clips.intro?.expiresAt]);

const NO_CLIPS_STALE_MS = 5 * 60_000;

export const getPublicStoryfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: conversationKeys.publicStoryfile(slug),
    queryFn: ({ signal }) => getPublicStoryfile(slug, signal),
    retry: false,
    // Without clips nothing expires; look again now and then for newly published ones.
    staleTime: (query) => getClipsRefetchDelay(query.state.data) || NO_CLIPS_STALE_MS,
    // The idle loop keeps streaming while a visitor reads; renew its signed URL before it lapses.
    refetchInterval: (query) =>
      query.state.status === 'success' ? getClipsRefetchDelay(query.state.data) : false,
  });

/** A published storyfile for the public player: name, starters, idle and intro clips. */
export function usePublicStoryfile(slug: string) {
  return useQuery(getPublicStoryfileQueryOptions(slug));
}
