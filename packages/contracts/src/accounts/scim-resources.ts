import { SCIM_BASE_PATH, type ScimResource } from './scim.ts';
import { buildListScimResourcesContract } from './list-scim-resources.ts';
import { buildGetScimResourceContract } from './get-scim-resource.ts';
import { buildCreateScimResourceContract } from './create-scim-resource.ts';
import { buildReplaceScimResourceContract } from './replace-scim-resource.ts';
import { buildPatchScimResourceContract } from './patch-scim-resource.ts';
import { buildRemoveScimResourceContract } from './remove-scim-resource.ts';

// The SCIM Users (an organization's members) and Groups (its teams) endpoints: one contract file per
// call (list-scim-resources.ts, ...), each built for both resources.
function buildScimContracts<Path extends string>(resource: ScimResource, path: Path) {
  return {
    list: buildListScimResourcesContract(resource, path),
    get: buildGetScimResourceContract(resource, path),
    create: buildCreateScimResourceContract(resource, path),
    replace: buildReplaceScimResourceContract(resource, path),
    patch: buildPatchScimResourceContract(resource, path),
    remove: buildRemoveScimResourceContract(resource, path),
  };
}

export const scimUserContracts = buildScimContracts('Users', `${SCIM_BASE_PATH}/Users`);
export const scimGroupContracts = buildScimContracts('Groups', `${SCIM_BASE_PATH}/Groups`);
