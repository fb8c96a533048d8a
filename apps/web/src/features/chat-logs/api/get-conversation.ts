import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConversationContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { chatLogKeys } from './keys';

export function getConversation(conversationId: string, signal?: AbortSignal) {
  return callContract(getConversationContract, {
    params: { conversationId },
    ...(signal ? { signal } : {}),
  });
}

export const getConversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatLogKeys.conversation(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, signal),
    // Video URLs are signed for minutes only; a transcript reopened later fetches fresh ones.
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });

/** A conversation's transcript, oldest first, each recorded answer with a signed video URL. */
export function useConversation(conversationId: string | null) {
  return useQuery({
    ...getConversationQueryOptions(conversationId ?? ''),
    enabled: conversationId !== null,
  });
}
