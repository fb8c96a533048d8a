import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStoryfilePublicationContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

export function getPublication(id: string, signal?: AbortSignal) {
  return callContract(getStoryfilePublicationContract, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
}

export const getPublicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.publication(id),
    queryFn: ({ signal }) => getPublication(id, signal),
  });

/** Whether the storyfile is published, and its share path. */
export function usePublication(id: string) {
  return useQuery(getPublicationQueryOptions(id));
}
