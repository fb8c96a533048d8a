import { useQuery } from '@tanstack/react-query';
import { getStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/** A storyfile's topics (its script), for the "topics covered" rule. */
export function useStoryfileTopics(storyfileId: string) {
  return useQuery({
    queryKey: learningKeys.storyfileTopics(storyfileId),
    queryFn: async ({ signal }) => {
      const storyfile = await callContract(getStoryfileContract, {
        params: { id: storyfileId },
        signal,
      });
      return storyfile.topics.map((topic) => ({ id: topic.id, name: topic.name }));
    },
  });
}
