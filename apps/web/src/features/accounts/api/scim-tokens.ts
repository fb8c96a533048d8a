import { useQuery } from '@tanstack/react-query';
import {
  createScimTokenContract,
  listScimTokensContract,
  revokeScimTokenContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export function useScimTokens(organizationId: string) {
  return useQuery({
    queryKey: accountKeys.scimTokens(organizationId),
    queryFn: ({ signal }) =>
      callContract(listScimTokensContract, { params: { id: organizationId }, signal }),
  });
}

export function useCreateScimToken() {
  return useAccountMutation((input: { organizationId: string; label: string }) =>
    callContract(createScimTokenContract, {
      params: { id: input.organizationId },
      body: { label: input.label },
    }),
  );
}

export function useRevokeScimToken() {
  return useAccountMutation((input: { organizationId: string; tokenId: string }) =>
    callContract(revokeScimTokenContract, {
      params: { id: input.organizationId, tokenId: input.tokenId },
    }),
  );
}
