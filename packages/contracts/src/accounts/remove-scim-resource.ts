import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { SCIM_PERMISSION, scimIdParams, type ScimResource } from './scim.ts';

/** The SCIM call `remove` of one resource (Users or Groups) at its path. */
export function buildRemoveScimResourceContract<Path extends string>(
  resource: ScimResource,
  path: Path,
) {
  return defineContract({
    method: 'DELETE',
    path: `${path}/:resourceId`,
    summary:
      resource === 'Users'
        ? 'SCIM: removes the person from the organization (the account stays)'
        : 'SCIM: deletes the team (its members stay in the organization)',
    tags: ['scim'],
    permission: SCIM_PERMISSION,
    params: scimIdParams,
    response: z.null(),
    successStatus: 204,
    errors: [409, 429],
  });
}
