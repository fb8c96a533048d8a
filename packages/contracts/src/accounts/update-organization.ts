import { z } from 'zod';
import { grantableScopeSchema, namespaceAttributesSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { organizationLabelSchema, organizationSchema } from './account.ts';

export const updateOrganizationContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/organizations/:id',
  summary:
    "Renames an organization or sets its attributes (platform admins), or its whitelist's default role (owners)",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  body: z.object({
    label: organizationLabelSchema.optional(),
    attributes: namespaceAttributesSchema.optional(),
    defaultScope: grantableScopeSchema.optional(),
  }),
  response: organizationSchema,
  errors: [409],
});
