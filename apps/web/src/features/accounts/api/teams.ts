import { useQuery } from '@tanstack/react-query';
import {
  addTeamMemberContract,
  createTeamContract,
  deleteTeamContract,
  listTeamsContract,
  removeTeamMemberContract,
  updateTeamContract,
  type GrantableScope,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export function useTeams(organizationId?: string) {
  return useQuery({
    queryKey: accountKeys.teams(organizationId),
    queryFn: ({ signal }) =>
      callContract(listTeamsContract, {
        query: organizationId ? { organizationId } : {},
        signal,
      }),
  });
}

export function useCreateTeam() {
  return useAccountMutation(
    (input: { organizationId: string; name: string; scope: GrantableScope | null }) =>
      callContract(createTeamContract, {
        params: { id: input.organizationId },
        body: { name: input.name, scope: input.scope },
      }),
  );
}

export function useUpdateTeam() {
  return useAccountMutation(
    (input: { id: string; name?: string; scope?: GrantableScope | null }) => {
      const { id, ...body } = input;
      return callContract(updateTeamContract, { params: { id }, body });
    },
  );
}

export function useDeleteTeam() {
  return useAccountMutation((id: string) => callContract(deleteTeamContract, { params: { id } }));
}

export function useSetTeamMember() {
  return useAccountMutation((input: { teamId: string; userId: string; isMember: boolean }) =>
    callContract(input.isMember ? addTeamMemberContract : removeTeamMemberContract, {
      params: { id: input.teamId, userId: input.userId },
    }),
  );
}
