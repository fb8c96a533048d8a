import { defineContract } from '../contract.ts';
import { listMembersQuerySchema, memberPageSchema } from './account.ts';

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
