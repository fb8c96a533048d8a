import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { organizationSchema } from './account.ts';

export const listOrganizationsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organizations',
  summary:
    'Organizations the caller owns (all for platform admins), with member, team and storyfile counts',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  response: z.object({ items: z.array(organizationSchema) }),
});
