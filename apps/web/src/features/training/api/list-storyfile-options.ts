import { useQuery } from '@tanstack/react-query';
import {
  listStoryfilesContract,
  MAX_ROWS_PER_PAGE,
  type StoryfileSummary,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

function toStoryfileOption(item: StoryfileSummary) {
  return { id: item.id, name: item.name, namespaceId: item.namespaceId, language: item.language };
}

/**
 * The storyfiles the user can read by name (the first 100), for the storyfile pickers; with a
 * namespace, that namespace's only (the scopes a category can have, the vocabulary screens' tools).
 */
export function useStoryfileOptions(namespaceId?: string) {
  return useQuery({
    queryKey:
      namespaceId === undefined
        ? trainingKeys.storyfileOptions()
        : ([...trainingKeys.storyfileOptions(), namespaceId] as const),
    queryFn: ({ signal }) =>
      callContract(listStoryfilesContract, {
        query: {
          ...(namespaceId === undefined ? {} : { namespaceId }),
          pageSize: MAX_ROWS_PER_PAGE,
          sort: 'name',
          order: 'asc',
        },
        signal,
      }),
    select: (page) => page.items.map(toStoryfileOption),
    staleTime: 60_000,
  });
}
