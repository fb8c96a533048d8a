import type { ListChatLogsQuery } from '@conversa/contracts';

/** Query keys of the chat logs; invalidating `all` refreshes the list and open transcripts. */
export const chatLogKeys = {
  all: ['chat-logs'] as const,
  lists: () => [...chatLogKeys.all, 'list'] as const,
  list: (query: ListChatLogsQuery) => [...chatLogKeys.lists(), query] as const,
  conversation: (id: string) => [...chatLogKeys.all, 'conversation', id] as const,
};
