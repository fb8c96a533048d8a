import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listOrganizationsContract,
  listTeamsContract,
  updateOrganizationContract,
  type Organization,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/storyfile-queries';
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

/** Turns LEARNING_MODULE on for an organization (platform admins: the attribute is theirs). */
export function useTurnOnLearningModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organization: Organization) =>
      callContract(updateOrganizationContract, {
        params: { id: organization.id },
        body: { attributes: { ...organization.attributes, LEARNING_MODULE: true } },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: learningKeys.all });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
