import { defineContract } from '../contract.ts';
import { SCIM_BASE_PATH, SCIM_PERMISSION, scimResponseSchema } from './scim.ts';

export const scimSchemasContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/Schemas`,
  summary: 'SCIM: the attributes of User and Group this provider reads and answers (RFC 7643 §7)',
  tags: ['scim'],
  permission: SCIM_PERMISSION,
  response: scimResponseSchema,
  errors: [429],
});
