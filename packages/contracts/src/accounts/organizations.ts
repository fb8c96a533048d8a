import { z } from 'zod';
import { grantableScopeSchema, namespaceAttributesSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { nameTakenQuerySchema, nameTakenResponseSchema } from '../lists/name-taken.ts';
import { organizationLabelSchema, organizationSchema } from './account.ts';

// Organizations (the spec's namespaces): owners see those they own; platform admins see, create,
// rename and delete all, and alone set attributes.

export const listOrganizationsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organizations',
  summary:
    'Organizations the caller owns (all for platform admins), with member, team and storyfile counts',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  response: z.object({ items: z.array(organizationSchema) }),
});

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

export const checkOrganizationNameContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organization/nameTaken',
  summary: 'Whether an organization name is free (spec §7 nameTaken); organizationIds are ignored',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: nameTakenQuerySchema,
  response: nameTakenResponseSchema,
});
