import { useQuery } from '@tanstack/react-query';
import {
  checkOrganizationNameContract,
  createOrganizationContract,
  deleteOrganizationContract,
  listOrganizationsContract,
  updateOrganizationContract,
  type GrantableScope,
  type NamespaceAttributes,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';
import { useAccountMutation } from './use-account-mutation';

export function useOrganizations() {
  return useQuery({
    queryKey: accountKeys.organizations(),
    queryFn: ({ signal }) => callContract(listOrganizationsContract, { signal }),
  });
}

/** Spec §7 nameTaken for organizations: true when the name is free. */
export async function isOrganizationNameFree(name: string, excludeId?: string): Promise<boolean> {
  const answer = await callContract(checkOrganizationNameContract, {
    query: { name, ...(excludeId ? { excludeId } : {}) },
  });
  return answer.unique;
}

export function useCreateOrganization() {
  return useAccountMutation((body: { label: string }) =>
    callContract(createOrganizationContract, { body }),
  );
}

export function useUpdateOrganization() {
  return useAccountMutation(
    (input: {
      id: string;
      label?: string;
      attributes?: NamespaceAttributes;
      defaultScope?: GrantableScope;
    }) => {
      const { id, ...body } = input;
      return callContract(updateOrganizationContract, { params: { id }, body });
    },
  );
}

export function useDeleteOrganization() {
  return useAccountMutation((id: string) =>
    callContract(deleteOrganizationContract, { params: { id } }),
  );
}
