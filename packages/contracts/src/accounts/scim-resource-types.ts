import { defineContract } from '../contract.ts';
import { SCIM_BASE_PATH, SCIM_PERMISSION, scimResponseSchema } from './scim.ts';

export const scimResourceTypesContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/ResourceTypes`,
  summary: 'SCIM: the resource types served, User and Group (RFC 7643 §6)',
  tags: ['scim'],
  permission: SCIM_PERMISSION,
  response: scimResponseSchema,
  errors: [429],
});
