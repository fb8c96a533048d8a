import { defineContract } from '../contract.ts';
import { teamSchema } from './account.ts';
import { teamMemberParams } from './teams.ts';

export const removeTeamMemberContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/teams/:id/members/:userId',
  summary: 'Removes a member from a team',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: teamMemberParams,
  response: teamSchema,
  errors: [409],
});
