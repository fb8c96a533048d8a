import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listMobileStoryfilesContract, setMobileStoryfileInAppContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { mobileAppKeys } from './keys';
import { useMobileAppMutation } from './use-mobile-app-mutation';

export type MobileStoryfilesQuery = {
  search: string;
  searchOptions: string[];
  page: number;
  pageSize: number;
  inApp?: 'true' | 'false' | undefined;
};

export function useMobileStoryfiles(query: MobileStoryfilesQuery) {
  return useQuery({
    queryKey: mobileAppKeys.storyfiles(query),
    queryFn: ({ signal }) =>
      callContract(listMobileStoryfilesContract, {
        query: {
          page: query.page,
          pageSize: query.pageSize,
          ...(query.search ? { search: query.search } : {}),
          ...(query.searchOptions.length > 0
            ? { searchOptions: query.searchOptions.join(',') }
            : {}),
          ...(query.inApp ? { inApp: query.inApp } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetInApp() {
  return useMobileAppMutation((input: { storyfileId: string; inApp: boolean }) =>
    callContract(setMobileStoryfileInAppContract, {
      params: { id: input.storyfileId },
      body: { inApp: input.inApp },
    }),
  );
}
