import { defineContract } from '../contract.ts';
import { teamSchema } from './account.ts';
import { teamMemberParams } from './teams.ts';

export const addTeamMemberContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/teams/:id/members/:userId',
  summary: "Adds a member of the team's organization to the team",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: teamMemberParams,
  response: teamSchema,
  errors: [409],
});
