import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listChatLogsContract, type ListChatLogsQuery } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { chatLogKeys } from './keys';

export function listChatLogs(query: ListChatLogsQuery, signal?: AbortSignal) {
  return callContract(listChatLogsContract, { query, ...(signal ? { signal } : {}) });
}

export const listChatLogsQueryOptions = (query: ListChatLogsQuery) =>
  queryOptions({
    queryKey: chatLogKeys.list(query),
    queryFn: ({ signal }) => listChatLogs(query, signal),
    // Paging and filtering keep the previous rows on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

/** One page of logged exchanges, newest first; the server keeps it to the user's namespaces. */
export function useChatLogs(query: ListChatLogsQuery) {
  return useQuery(listChatLogsQueryOptions(query));
}
