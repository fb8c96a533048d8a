import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { scimOrganizationParams, scimTokenSchema } from './scim.ts';

export const createScimTokenContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations/:id/scim-tokens',
  summary:
    'Issues a SCIM bearer token for the organization; the answer is the only time the token is shown',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: scimOrganizationParams,
  body: z.object({ label: z.string().trim().min(1).max(120) }),
  response: scimTokenSchema.extend({ token: z.string() }),
  successStatus: 201,
});
