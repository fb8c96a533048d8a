import { defineContract } from '../contract.ts';
import {
  getScimNoun,
  SCIM_PERMISSION,
  scimBodySchema,
  type ScimResource,
  scimResponseSchema,
} from './scim.ts';

/** The SCIM call `create` of one resource (Users or Groups) at its path. */
export function buildCreateScimResourceContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  const noun = getScimNoun(resource);
  return defineContract({
    method: 'POST',
    path,
    summary: `SCIM: creates a ${noun} of the organization`,
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    body: scimBodySchema,
    response: scimResponseSchema,
    successStatus: 201,
    errors: [409, 429],
  });
}
