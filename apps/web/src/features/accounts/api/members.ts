import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  deleteUserAccountContract,
  listMembersContract,
  removeMemberContract,
  setPlatformAdminContract,
  updateMemberContract,
  type GrantableScope,
  type MemberStatus,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export type MemberListInput = {
  search: string;
  searchOptions: string[];
  page: number;
  pageSize: number;
  organizationId?: string | undefined;
  status?: MemberStatus | undefined;
};

export function useMembers(input: MemberListInput) {
  return useQuery({
    queryKey: accountKeys.members(input),
    queryFn: ({ signal }) =>
      callContract(listMembersContract, {
        query: {
          search: input.search,
          searchOptions: input.searchOptions.join(','),
          page: input.page,
          pageSize: input.pageSize,
          ...(input.organizationId ? { organizationId: input.organizationId } : {}),
          ...(input.status ? { status: input.status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateMember() {
  return useAccountMutation(
    (input: {
      organizationId: string;
      userId: string;
      scope?: GrantableScope;
      isSuspended?: boolean;
    }) =>
      callContract(updateMemberContract, {
        params: { id: input.organizationId, userId: input.userId },
        body: {
          ...(input.scope ? { scope: input.scope } : {}),
          ...(input.isSuspended === undefined ? {} : { isSuspended: input.isSuspended }),
        },
      }),
  );
}

export function useRemoveMember() {
  return useAccountMutation((input: { organizationId: string; userId: string }) =>
    callContract(removeMemberContract, {
      params: { id: input.organizationId, userId: input.userId },
    }),
  );
}

export function useDeleteUserAccount() {
  return useAccountMutation((userId: string) =>
    callContract(deleteUserAccountContract, { params: { userId } }),
  );
}

/** Grants or revokes platform admin ("Super Admin"); the server lets only platform admins. */
export function useSetPlatformAdmin() {
  return useAccountMutation((input: { userId: string; isAdmin: boolean }) =>
    callContract(setPlatformAdminContract, {
      params: { userId: input.userId },
      body: { isAdmin: input.isAdmin },
    }),
  );
}
