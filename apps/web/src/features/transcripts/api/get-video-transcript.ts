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
    // Read afresh each time the editor opens, never when the window takes focus (the editor keeps
    // the author's unsaved edits over a newer read anyway); a pending draft is asked for until made.
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_DRAFTS_POLL_MS : false,
  });

/** One video's transcript and captions, for the editor. */
export function useVideoTranscript(storyfileId: string, videoId: string) {
  return useQuery(videoTranscriptQueryOptions(storyfileId, videoId));
}
