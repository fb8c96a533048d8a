import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicTranscriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function getPublicTranscript(slug: string, signal?: AbortSignal) {
  return callContract(getPublicTranscriptContract, {
    params: { slug },
    ...(signal ? { signal } : {}),
  });
}

export const publicTranscriptQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['public-transcript', slug] as const,
    queryFn: ({ signal }) => getPublicTranscript(slug, signal),
    retry: false,
  });

/** A published storyfile's transcript, for anyone (no session). */
export function usePublicTranscript(slug: string) {
  return useQuery(publicTranscriptQueryOptions(slug));
}
