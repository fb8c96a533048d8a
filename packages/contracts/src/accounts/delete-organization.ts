import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const deleteOrganizationContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/organizations/:id',
  summary: 'Deletes an organization without storyfiles (platform admins)',
  tags: ['accounts'],
  permission: { kind: 'admin' },
  params: z.object({ id: z.uuid() }),
  response: z.object({ id: z.string() }),
  errors: [409],
});
