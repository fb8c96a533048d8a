import { useQuery } from '@tanstack/react-query';
import { getRoleCatalogueContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';

export function useRoleCatalogue() {
  return useQuery({
    queryKey: accountKeys.roles(),
    queryFn: ({ signal }) => callContract(getRoleCatalogueContract, { signal }),
  });
}
