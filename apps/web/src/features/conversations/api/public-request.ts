import { buildPath, type Contract } from '@conversa/contracts';
import type { z } from 'zod';
import { requestJson } from '@/lib/api-client';

/**
 * Calls a public (no account) endpoint outside the session's hooks: a visitor's page must never
 * refresh, or log out and leave, because the browser also holds an expired studio session.
 */
export async function callPublicContract<C extends Contract>(
  contract: C,
  input: { params: Record<string, string>; body?: unknown; signal?: AbortSignal },
): Promise<z.infer<C['response']>> {
  const data = await requestJson(contract.method, buildPath(contract.path, input.params), {
    isAuthCall: true,
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return contract.response.parse(data) as z.infer<C['response']>;
}
