import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { teamNameSchema, teamSchema } from './account.ts';

export const listTeamsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/teams',
  summary: 'Teams of the organizations the caller owns, with members',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: z.object({ organizationId: z.uuid().optional() }),
  response: z.object({ items: z.array(teamSchema) }),
});

export const createTeamContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations/:id/teams',
  summary: 'Creates a team in an organization',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  body: z.object({ name: teamNameSchema, scope: grantableScopeSchema.nullable().default(null) }),
  response: teamSchema,
  successStatus: 201,
  errors: [409],
});

export const updateTeamContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/teams/:id',
  summary: 'Renames a team or sets the scope it grants its members',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  body: z.object({
    name: teamNameSchema.optional(),
    scope: grantableScopeSchema.nullable().optional(),
  }),
  response: teamSchema,
  errors: [409],
});

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

const teamMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });

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
