import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVideoTranscriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { PENDING_DRAFTS_POLL_MS } from './list-storyfile-transcripts';
import { transcriptKeys } from './transcript-keys';

export function getVideoTranscript(storyfileId: string, videoId: string, signal?: AbortSignal) {
  return callContract(getVideoTranscriptContract, {
    params: { id: storyfileId, videoId },
    ...(signal ? { signal } : {}),
  });
}

export const videoTranscriptQueryOptions = (storyfileId: string, videoId: string) =>
  queryOptions({
    queryKey: transcriptKeys.video(storyfileId, videoId),
    queryFn: ({ signal }) => getVideoTranscript(storyfileId, videoId, signal),
    // The editor never refetches under the author's hands; a pending draft is asked for until made.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_DRAFTS_POLL_MS : false,
  });

/** One video's transcript and captions, for the editor. */
export function useVideoTranscript(storyfileId: string, videoId: string) {
  return useQuery(videoTranscriptQueryOptions(storyfileId, videoId));
}
