import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listStoryfilesContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

/** Storyfiles a script can be applied to, searched by name (first 100). */
export function useStoryfileChoices(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: libraryKeys.storyfileChoices(search),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: { search, searchOptions: 'name', pageSize: 100 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
