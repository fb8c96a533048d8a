import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getInkStateContract,
  listInkStatesContract,
  type ListInkStatesQuery,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

/** One page of conversations that have an ink state (View Inky States, platform admins). */
export function useInkStates(query: ListInkStatesQuery) {
  return useQuery({
    queryKey: inkKeys.states(query),
    queryFn: ({ signal }) => callContract(listInkStatesContract, { query, signal }),
    // Paging and filtering keep the previous rows on screen.
    placeholderData: keepPreviousData,
  });
}

/** One conversation's ink state in full; idle while `conversationId` is null. */
export function useInkState(conversationId: string | null) {
  return useQuery({
    queryKey: inkKeys.state(conversationId ?? ''),
    queryFn: ({ signal }) =>
      callContract(getInkStateContract, { params: { conversationId: conversationId! }, signal }),
    enabled: conversationId !== null,
  });
}
