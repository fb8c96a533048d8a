import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicStoryfileContract } from '@conversa/contracts';
import { conversationKeys, getSignedUrlStaleTime } from './keys';
import { callPublicContract } from './public-request';

export function getPublicStoryfile(slug: string, signal?: AbortSignal) {
  return callPublicContract(getPublicStoryfileContract, {
    params: { slug },
    ...(signal ? { signal } : {}),
  });
}

const getClipsExpiry = (data: Awaited<ReturnType<typeof getPublicStoryfile>> | undefined) =>
  data?.clips.idle?.expiresAt ?? data?.clips.intro?.expiresAt;

export const getPublicStoryfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: conversationKeys.publicStoryfile(slug),
    queryFn: ({ signal }) => getPublicStoryfile(slug, signal),
    retry: false,
    staleTime: (query) => getSignedUrlStaleTime(getClipsExpiry(query.state.data)),
    // The idle loop keeps streaming while a visitor reads; renew its signed URL before it lapses.
    refetchInterval: (query) =>
      query.state.status === 'success'
        ? getSignedUrlStaleTime(getClipsExpiry(query.state.data))
        : false,
  });

/** A published storyfile for the public player: name, starters, idle and intro clips. */
export function usePublicStoryfile(slug: string) {
  return useQuery(getPublicStoryfileQueryOptions(slug));
}
