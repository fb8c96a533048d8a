import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { teamNameSchema, teamSchema } from './account.ts';

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
