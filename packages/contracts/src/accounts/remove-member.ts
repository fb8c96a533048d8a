import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { memberParams } from './members.ts';

export const removeMemberContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/organizations/:id/members/:userId',
  summary: 'Removes a member from an organization (their account stays)',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: memberParams,
  response: z.object({ userId: z.string() }),
  errors: [409],
});
