import { z } from 'zod';
import { namespaceAttributesSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { organizationLabelSchema, organizationSchema } from './account.ts';

export const createOrganizationContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations',
  summary: 'Creates an organization (platform admins)',
  tags: ['accounts'],
  permission: { kind: 'admin' },
  body: z.object({
    label: organizationLabelSchema,
    attributes: namespaceAttributesSchema.optional(),
  }),
  response: organizationSchema,
  successStatus: 201,
  errors: [409],
});
