import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { listMembersQuerySchema, memberPageSchema, memberSchema } from './account.ts';

const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const listMembersContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/members',
  summary:
    'Members and invited people of the organizations the caller owns (all for platform admins); searched, filtered, paged',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: listMembersQuerySchema,
  response: memberPageSchema,
});

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

export const deleteUserAccountContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/users/:userId',
  summary:
    'Deletes an account (platform admins): name and email anonymised, storyfiles and chat logs stay',
  tags: ['accounts'],
  permission: { kind: 'admin' },
  params: z.object({ userId: z.uuid() }),
  response: z.object({ userId: z.string() }),
  errors: [409],
});

/** Refusal that would leave the studio without a platform admin. */
export const LAST_PLATFORM_ADMIN_MESSAGE =
  'The studio needs at least one "Super Admin". Make someone else "Super Admin" first.';

export const setPlatformAdminContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/users/:userId/platform-admin',
  summary:
    'Grants or revokes platform admin ("Super Admin"); only platform admins may, and one always remains',
  tags: ['accounts'],
  permission: { kind: 'admin' },
  params: z.object({ userId: z.uuid() }),
  body: z.object({ isAdmin: z.boolean() }),
  response: z.object({ userId: z.string(), isAdmin: z.boolean() }),
  errors: [409],
});
