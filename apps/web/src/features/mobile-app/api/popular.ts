import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listPopularContract, setPopularHiddenContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { mobileAppKeys } from './keys';
import { useMobileAppMutation } from './use-mobile-app-mutation';

export function usePopular(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: mobileAppKeys.popular(query),
    queryFn: ({ signal }) => callContract(listPopularContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetPopularHidden() {
  return useMobileAppMutation((input: { storyfileId: string; hidden: boolean }) =>
    callContract(setPopularHiddenContract, {
      params: { id: input.storyfileId },
      body: { hidden: input.hidden },
    }),
  );
}
