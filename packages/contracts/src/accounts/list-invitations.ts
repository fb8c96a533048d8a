import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { invitationSchema, invitationStatusSchema } from './account.ts';

export const listInvitationsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/invitations',
  summary: 'Invitations of the organizations the caller owns, newest first',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: z.object({
    organizationId: z.uuid().optional(),
    status: invitationStatusSchema.optional(),
  }),
  response: z.object({ items: z.array(invitationSchema) }),
});
