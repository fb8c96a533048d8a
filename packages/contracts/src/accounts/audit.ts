import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createPageSchema, pageQuerySchema, pageSizeQuerySchema } from '../lists/list-query.ts';
import { auditEventSchema } from './account.ts';

export const listAuditEventsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/audit',
  summary:
    'Account changes of the organizations the caller owns (all for platform admins), newest first',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: z.object({
    organizationId: z.uuid().optional(),
    /** An action name such as `member.role_changed`, or its first part (`member`). */
    action: z.string().trim().max(80).optional(),
    /** Text in the actor's email or the target's label. */
    search: z.string().trim().max(200).optional(),
    page: pageQuerySchema,
    pageSize: pageSizeQuerySchema,
  }),
  response: createPageSchema(auditEventSchema),
});
