import { defineContract } from '../contract.ts';
import {
  getScimNoun,
  SCIM_PERMISSION,
  scimListQuery,
  type ScimResource,
  scimResponseSchema,
} from './scim.ts';

/** The SCIM call `list` of one resource (Users or Groups) at its path. */
export function buildListScimResourcesContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  const noun = getScimNoun(resource);
  return defineContract({
    method: 'GET',
    path,
    summary: `SCIM: lists the organization's ${resource} (${noun}s); filter, startIndex and count`,
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    query: scimListQuery,
    response: scimResponseSchema,
    errors: [429],
  });
}
