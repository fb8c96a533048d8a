import { defineContract } from '../contract.ts';
import {
  getScimNoun,
  SCIM_PERMISSION,
  scimBodySchema,
  scimIdParams,
  type ScimResource,
  scimResponseSchema,
} from './scim.ts';

/** The SCIM call `replace` of one resource (Users or Groups) at its path. */
export function buildReplaceScimResourceContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  const noun = getScimNoun(resource);
  return defineContract({
    method: 'PUT',
    path: `${path}/:resourceId`,
    summary: `SCIM: replaces a ${noun}`,
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    params: scimIdParams,
    body: scimBodySchema,
    response: scimResponseSchema,
    errors: [409, 429],
  });
}
