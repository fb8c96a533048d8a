import { useQuery } from '@tanstack/react-query';
import { getStoryfileContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from '@/lib/storyfile-queries';

/**
 * The name of the storyfile the logs are filtered by, when the options do not hold it (a link or
 * recent activity can name any storyfile). Shares the storyfile screen's cache entry.
 */
export function useStoryfileName(id: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: storyfileKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      callContract(getStoryfileContract, { params: { id: id ?? '' }, signal }),
    select: (storyfile) => storyfile.name,
    enabled: enabled && id !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}
