import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInkStoryContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

export function getInkStory(storyfileId: string, signal?: AbortSignal) {
  return callContract(getInkStoryContract, {
    params: { id: storyfileId },
    ...(signal ? { signal } : {}),
  });
}

export const getInkStoryQueryOptions = (storyfileId: string) =>
  queryOptions({
    queryKey: inkKeys.story(storyfileId),
    queryFn: ({ signal }) => getInkStory(storyfileId, signal),
  });

/** The story's newest version, history, published version and the questions its tags may name. */
export function useInkStory(storyfileId: string | null) {
  return useQuery({ ...getInkStoryQueryOptions(storyfileId ?? ''), enabled: !!storyfileId });
}
