import { queryOptions, useQuery } from '@tanstack/react-query';
import { getScriptContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export const getScriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.script(id),
    queryFn: ({ signal }) => callContract(getScriptContract, { params: { id }, signal }),
  });

/** A script with its topics and questions in order; disabled without an id. */
export function useScript(id: string | undefined) {
  return useQuery({ ...getScriptQueryOptions(id ?? ''), enabled: id !== undefined && id !== '' });
}
