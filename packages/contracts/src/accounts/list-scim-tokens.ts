import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { scimOrganizationParams, scimTokenSchema } from './scim.ts';

export const listScimTokensContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organizations/:id/scim-tokens',
  summary: "An organization's SCIM tokens (never the tokens themselves), newest first",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: scimOrganizationParams,
  response: z.object({ items: z.array(scimTokenSchema), baseUrl: z.string() }),
});
