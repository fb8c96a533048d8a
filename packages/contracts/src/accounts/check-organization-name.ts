import { defineContract } from '../contract.ts';
import { nameTakenQuerySchema, nameTakenResponseSchema } from '../lists/name-taken.ts';

export const checkOrganizationNameContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organization/nameTaken',
  summary: 'Whether an organization name is free (spec §7 nameTaken); organizationIds are ignored',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: nameTakenQuerySchema,
  response: nameTakenResponseSchema,
});
