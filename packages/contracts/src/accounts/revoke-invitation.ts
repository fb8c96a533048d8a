import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { invitationSchema } from './account.ts';

export const revokeInvitationContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/invitations/:id/revoke',
  summary: 'Withdraws a pending invitation; its link stops working',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  response: invitationSchema,
  errors: [409],
});
