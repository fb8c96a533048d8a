import { useQuery } from '@tanstack/react-query';
import {
  getStoryfileContract,
  listOrganizationsContract,
  listTeamsContract,
} from '@conversa/contracts';
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

/** A storyfile's topics (its script), for the "topics covered" rule. */
export function useStoryfileTopics(storyfileId: string) {
  return useQuery({
    queryKey: learningKeys.storyfileTopics(storyfileId),
    queryFn: async ({ signal }) => {
      const storyfile = await callContract(getStoryfileContract, {
        params: { id: storyfileId },
        signal,
      });
      return storyfile.topics.map((topic) => ({ id: topic.id, name: topic.name }));
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
