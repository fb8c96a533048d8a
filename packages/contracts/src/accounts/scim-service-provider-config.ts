import { defineContract } from '../contract.ts';
import { SCIM_BASE_PATH, SCIM_PERMISSION, scimResponseSchema } from './scim.ts';

export const scimServiceProviderConfigContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/ServiceProviderConfig`,
  summary: 'SCIM: what this service provider supports (RFC 7643 §5)',
  tags: ['scim'],
  permission: SCIM_PERMISSION,
  response: scimResponseSchema,
  errors: [429],
});
