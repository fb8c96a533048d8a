import { queryOptions, useQuery } from '@tanstack/react-query';
import { listStoryfileTranscriptsContract, type StoryfileTranscripts } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { transcriptKeys } from './transcript-keys';

/** While any draft is still being made, the list is asked again this often. */
export const PENDING_DRAFTS_POLL_MS = 5_000;

export function listStoryfileTranscripts(storyfileId: string, signal?: AbortSignal) {
  return callContract(listStoryfileTranscriptsContract, {
    params: { id: storyfileId },
    ...(signal ? { signal } : {}),
  });
}

/** How many of the storyfile's drafts are still being made. */
export function countPendingDrafts(data: StoryfileTranscripts | undefined): number {
  return data?.counts.pending ?? 0;
}

export const storyfileTranscriptsQueryOptions = (storyfileId: string) =>
  queryOptions({
    queryKey: transcriptKeys.list(storyfileId),
    queryFn: ({ signal }) => listStoryfileTranscripts(storyfileId, signal),
    // Polled only while a draft is being made: the count and the buttons' badges follow it.
    refetchInterval: (query) =>
      countPendingDrafts(query.state.data) > 0 ? PENDING_DRAFTS_POLL_MS : false,
  });

/** Every video's transcript status of a storyfile: one request however many buttons show it. */
export function useStoryfileTranscripts(storyfileId: string, isEnabled = true) {
  return useQuery({ ...storyfileTranscriptsQueryOptions(storyfileId), enabled: isEnabled });
}
