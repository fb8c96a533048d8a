import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { WHITELIST_PERMISSION } from './whitelist.ts';

export const deleteWhitelistEntryContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/organizations/:id/whitelist/:entryId',
  summary: 'Removes a whitelist entry (members already admitted stay)',
  tags: ['accounts'],
  permission: WHITELIST_PERMISSION,
  params: z.object({ id: z.uuid(), entryId: z.uuid() }),
  response: z.object({ id: z.string() }),
});
