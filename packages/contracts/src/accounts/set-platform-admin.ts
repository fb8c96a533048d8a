import { z } from 'zod';
import { defineContract } from '../contract.ts';

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
