import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const deleteTeamContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/teams/:id',
  summary: 'Deletes a team; its members keep their own scopes',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  response: z.object({ id: z.string() }),
  errors: [409],
});
