import { z } from 'zod';
import { defineContract } from '../contract.ts';

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
