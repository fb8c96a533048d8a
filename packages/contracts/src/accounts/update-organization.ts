import { z } from 'zod';
import { grantableScopeSchema, namespaceAttributesSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { organizationLabelSchema, organizationSchema } from './account.ts';

export const updateOrganizationContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/organizations/:id',
  summary:
    "Sets an organization's whitelist default role (owners), or renames it or sets its attributes (platform admins only: an owner who sends a label or attributes gets 403)",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  // The permission admits owners; the fields say which of them an owner may send (issue 43: the
  // document read as if owners could rename, and they got 403).
  body: z.object({
    label: organizationLabelSchema
      .optional()
      .describe('Platform admins only: an owner who sends it is refused with 403.'),
    attributes: namespaceAttributesSchema
      .optional()
      .describe('Platform admins only: an owner who sends it is refused with 403.'),
    defaultScope: grantableScopeSchema
      .optional()
      .describe("The whitelist's default role: owners and platform admins."),
  }),
  response: organizationSchema,
  errors: [409],
});
