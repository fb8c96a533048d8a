import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { WHITELIST_PERMISSION, whitelistEntrySchema } from './whitelist.ts';

export const addWhitelistEntryContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations/:id/whitelist',
  summary: 'Adds a domain (FQDN, no consumer mail domain) or a single address to the whitelist',
  tags: ['accounts'],
  permission: WHITELIST_PERMISSION,
  params: z.object({ id: z.uuid() }),
  body: z.object({ value: z.string().max(320) }),
  response: whitelistEntrySchema,
  successStatus: 201,
  errors: [409],
});
