import { useQuery } from '@tanstack/react-query';
import { getInkStoryContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

/** Whether the storyfile has a published ink story (its conversations then run it). */
export function useHasPublishedStory(storyfileId: string) {
  return useQuery({
    queryKey: conversationKeys.storyStatus(storyfileId),
    queryFn: ({ signal }) =>
      callContract(getInkStoryContract, { params: { id: storyfileId }, signal }),
    select: (story) => story.publishedNumber !== null,
  });
}
