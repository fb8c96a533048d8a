import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { invitationResultSchema } from './invitations.ts';

export const resendInvitationContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/invitations/:id/resend',
  summary: 'Sends a pending or expired invitation again with a new link and a renewed expiry',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  response: invitationResultSchema,
  errors: [409],
});
