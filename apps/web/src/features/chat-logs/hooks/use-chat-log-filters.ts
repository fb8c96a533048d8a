import { useCallback } from 'react';
import { useAddressFilters } from '@/hooks/use-address-filters';
import {
  CONVERSATION_PARAM,
  EXCHANGE_PARAM,
  readChatLogFilters,
  writeChatLogFilters,
} from '../utils/chat-log-filters';

const CHAT_LOG_FILTERS = { read: readChatLogFilters, write: writeChatLogFilters };

/**
 * The chat log filters and the open conversation, kept in the address so back/forward and a
 * reload restore them. Changing a filter returns to page 1; opening a conversation adds a history
 * entry, so Back closes it.
 */
export function useChatLogFilters() {
  const { params, setParams, filters, updateFilters, clearFilters } =
    useAddressFilters(CHAT_LOG_FILTERS);
  const conversationId = params.get(CONVERSATION_PARAM);
  const exchangeId = params.get(EXCHANGE_PARAM);

  const setConversationId = useCallback(
    (id: string | null, openedExchangeId?: string) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(EXCHANGE_PARAM);
        if (id === null) {
          next.delete(CONVERSATION_PARAM);
        } else {
          next.set(CONVERSATION_PARAM, id);
          if (openedExchangeId !== undefined) {
            next.set(EXCHANGE_PARAM, openedExchangeId);
          }
        }
        return next;
      });
    },
    [setParams],
  );

  return { filters, updateFilters, clearFilters, conversationId, exchangeId, setConversationId };
}
