import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { teamNameSchema, teamSchema } from './account.ts';

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
