import { useQuery } from '@tanstack/react-query';
import {
  addWhitelistEntryContract,
  deleteWhitelistEntryContract,
  listWhitelistContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export function useWhitelist(organizationId: string | undefined) {
  return useQuery({
    queryKey: accountKeys.whitelist(organizationId ?? ''),
    queryFn: ({ signal }) =>
      callContract(listWhitelistContract, { params: { id: organizationId! }, signal }),
    enabled: organizationId !== undefined,
  });
}

export function useAddWhitelistEntry() {
  return useAccountMutation((input: { organizationId: string; value: string }) =>
    callContract(addWhitelistEntryContract, {
      params: { id: input.organizationId },
      body: { value: input.value },
    }),
  );
}

export function useDeleteWhitelistEntry() {
  return useAccountMutation((input: { organizationId: string; entryId: string }) =>
    callContract(deleteWhitelistEntryContract, {
      params: { id: input.organizationId, entryId: input.entryId },
    }),
  );
}
