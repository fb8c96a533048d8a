import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listAuditEventsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { accountKeys } from './keys';

export type AuditQuery = {
  organizationId?: string | undefined;
  action?: string | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

export function useAuditEvents(query: AuditQuery) {
  return useQuery({
    queryKey: accountKeys.audit(query),
    queryFn: ({ signal }) =>
      callContract(listAuditEventsContract, {
        query: {
          page: query.page,
          pageSize: query.pageSize,
          ...(query.organizationId ? { organizationId: query.organizationId } : {}),
          ...(query.action ? { action: query.action } : {}),
          ...(query.search ? { search: query.search } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
