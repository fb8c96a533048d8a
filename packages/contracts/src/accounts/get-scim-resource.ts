import { defineContract } from '../contract.ts';
import {
  getScimNoun,
  SCIM_PERMISSION,
  scimIdParams,
  type ScimResource,
  scimResourceQuery,
  scimResponseSchema,
} from './scim.ts';

/** The SCIM call `get` of one resource (Users or Groups) at its path. */
export function buildGetScimResourceContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  const noun = getScimNoun(resource);
  return defineContract({
    method: 'GET',
    path: `${path}/:resourceId`,
    summary: `SCIM: one ${noun} of the organization`,
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    params: scimIdParams,
    query: scimResourceQuery,
    response: scimResponseSchema,
    errors: [429],
  });
}
