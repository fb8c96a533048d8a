import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { teamSchema } from './account.ts';

export const listTeamsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/teams',
  summary: 'Teams of the organizations the caller owns, with members',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: z.object({ organizationId: z.uuid().optional() }),
  response: z.object({ items: z.array(teamSchema) }),
});
