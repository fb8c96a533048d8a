import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { memberSchema } from './account.ts';
import { memberParams } from './members.ts';

export const updateMemberContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/organizations/:id/members/:userId',
  summary: "Changes a member's role, or suspends or reactivates them",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: memberParams,
  body: z.object({
    scope: grantableScopeSchema.optional(),
    isSuspended: z.boolean().optional(),
  }),
  response: memberSchema,
  errors: [409],
});
