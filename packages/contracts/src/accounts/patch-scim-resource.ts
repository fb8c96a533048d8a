import { defineContract } from '../contract.ts';
import {
  getScimNoun,
  SCIM_PERMISSION,
  scimBodySchema,
  scimIdParams,
  type ScimResource,
  scimResponseSchema,
} from './scim.ts';

/** The SCIM call `patch` of one resource (Users or Groups) at its path. */
export function buildPatchScimResourceContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  const noun = getScimNoun(resource);
  return defineContract({
    method: 'PATCH',
    path: `${path}/:resourceId`,
    summary: `SCIM: changes a ${noun} with a PatchOp`,
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    params: scimIdParams,
    body: scimBodySchema,
    response: scimResponseSchema,
    errors: [409, 429],
  });
}
