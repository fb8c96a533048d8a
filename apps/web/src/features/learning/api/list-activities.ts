import { useQuery } from '@tanstack/react-query';
import { listActivitiesContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

export function useActivities(organizationId: string | null, includeArchived: boolean) {
  return useQuery({
    queryKey: learningKeys.activities(organizationId ?? '', includeArchived),
    queryFn: ({ signal }) =>
      callContract(listActivitiesContract, {
        query: {
          organizationId: organizationId ?? undefined,
          includeArchived: String(includeArchived),
        },
        signal,
      }),
    enabled: organizationId !== null,
  });
}
