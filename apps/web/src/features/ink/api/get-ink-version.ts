import { useQuery } from '@tanstack/react-query';
import { getInkVersionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

export function getInkVersion(storyfileId: string, number: number, signal?: AbortSignal) {
  return callContract(getInkVersionContract, {
    params: { id: storyfileId, number },
    ...(signal ? { signal } : {}),
  });
}

/** One saved version with its source (to compare or load into the editor). */
export function useInkVersion(storyfileId: string, number: number | null) {
  return useQuery({
    queryKey: inkKeys.version(storyfileId, number ?? 0),
    queryFn: ({ signal }) => getInkVersion(storyfileId, number!, signal),
    enabled: number !== null,
  });
}
