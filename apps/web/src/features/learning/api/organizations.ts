import { useQuery } from '@tanstack/react-query';
import { listOrganizationsContract, listTeamsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/** Organizations whose learning the viewer runs: owned ones with LEARNING_MODULE (admins: all). */
export function useLearningOrganizations(isAdmin: boolean) {
  return useQuery({
    queryKey: learningKeys.organizations(),
    queryFn: async ({ signal }) => {
      const { items } = await callContract(listOrganizationsContract, { signal });
      return items.filter(
        (organization) => isAdmin || organization.attributes.LEARNING_MODULE === true,
      );
    },
  });
}

export function useOrganizationTeams(organizationId: string | null) {
  return useQuery({
    queryKey: learningKeys.teams(organizationId ?? ''),
    queryFn: ({ signal }) =>
      callContract(listTeamsContract, {
        query: { organizationId: organizationId ?? undefined },
        signal,
      }),
    enabled: organizationId !== null,
  });
}
