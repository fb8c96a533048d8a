import { useCallback, useMemo } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';
import {
  CONVERSATION_PARAM,
  EXCHANGE_PARAM,
  readChatLogFilters,
  writeChatLogFilters,
  type ChatLogFilters,
} from '../utils/chat-log-filters';

/**
 * The chat log filters and the open conversation, kept in the address so back/forward and a
 * reload restore them. Changing a filter returns to page 1; opening a conversation adds a history
 * entry, so Back closes it.
 */
export function useChatLogFilters() {
  // Changes start from the latest address, so a second filter never undoes the first (issue 32).
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => readChatLogFilters(params), [params]);
  const conversationId = params.get(CONVERSATION_PARAM);
  const exchangeId = params.get(EXCHANGE_PARAM);

  const updateFilters = useCallback(
    (changes: Partial<ChatLogFilters>) => {
      setParams((current) =>
        writeChatLogFilters(current, { ...readChatLogFilters(current), ...changes }),
      );
    },
    [setParams],
  );
  const clearFilters = useCallback(() => {
    setParams((current) => writeChatLogFilters(current, {}));
  }, [setParams]);
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
