import { useQuery } from '@tanstack/react-query';
import { listStoryfileTranscriptsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { storyfileKeys } from './keys';

/**
 * What every video of the storyfile says (the script's search looks in the answers' words).
 * Loaded only while `enabled`: the search asks for it once someone searches.
 */
export function useStoryfileTranscripts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...storyfileKeys.detail(id), 'transcripts'],
    queryFn: ({ signal }) =>
      callContract(listStoryfileTranscriptsContract, { params: { id }, signal }),
    enabled,
    staleTime: 30_000,
  });
}
