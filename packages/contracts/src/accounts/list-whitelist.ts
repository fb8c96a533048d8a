import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { WHITELIST_PERMISSION, whitelistEntrySchema } from './whitelist.ts';

export const listWhitelistContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organizations/:id/whitelist',
  summary: "An organization's whitelist (SSO_WHITELIST) and the role whitelisted people join with",
  tags: ['accounts'],
  permission: WHITELIST_PERMISSION,
  params: z.object({ id: z.uuid() }),
  response: z.object({ defaultScope: grantableScopeSchema, items: z.array(whitelistEntrySchema) }),
});
