import { useQuery } from '@tanstack/react-query';
import {
  createInvitationsContract,
  listInvitationsContract,
  resendInvitationContract,
  revokeInvitationContract,
  type GrantableScope,
  type InvitationStatus,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export function useInvitations(query: { organizationId?: string; status?: InvitationStatus }) {
  return useQuery({
    queryKey: accountKeys.invitations(query),
    queryFn: ({ signal }) => callContract(listInvitationsContract, { query, signal }),
  });
}

export function useCreateInvitations() {
  return useAccountMutation(
    (input: {
      organizationId: string;
      emails: string[];
      scope: GrantableScope;
      teamIds: string[];
    }) =>
      callContract(createInvitationsContract, {
        params: { id: input.organizationId },
        body: { emails: input.emails, scope: input.scope, teamIds: input.teamIds },
      }),
  );
}

export function useResendInvitation() {
  return useAccountMutation((id: string) =>
    callContract(resendInvitationContract, { params: { id } }),
  );
}

export function useRevokeInvitation() {
  return useAccountMutation((id: string) =>
    callContract(revokeInvitationContract, { params: { id } }),
  );
}
