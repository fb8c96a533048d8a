import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { scimTokenSchema } from './scim.ts';

export const revokeScimTokenContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/organizations/:id/scim-tokens/:tokenId',
  summary: 'Revokes a SCIM token: the next call with it is refused',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid(), tokenId: z.uuid() }),
  response: scimTokenSchema,
});
