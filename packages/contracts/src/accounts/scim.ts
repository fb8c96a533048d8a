import { z } from 'zod';
import { defineContract } from '../contract.ts';

// SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) for identity providers such as Okta and Entra
// ID: /scim/v2/Users are an organization's members, /scim/v2/Groups its teams. Each call carries
// a bearer token an owner of that organization issued (`scimToken` permission); the token names
// the organization, so a provider never sees or changes another.

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_ENTERPRISE_USER_SCHEMA =
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** Most resources one list answers (ServiceProviderConfig `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;
/** Tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const SCIM_TOKEN_PREFIX = 'scim_';

export const SCIM_TOKEN_NOT_FOUND_MESSAGE = 'SCIM token not found.';
export const SCIM_TOKEN_INVALID_MESSAGE =
  'This SCIM token is not valid: it was revoked or never issued. Ask an owner of the organization for a new one.';

/** 429 text once one address has failed SCIM authentication too often (issue 30). */
export const SCIM_AUTH_RATE_LIMIT_MESSAGE =
  'Too many SCIM requests with a missing or invalid token came from this address. Wait before trying again, and check the token your identity provider sends.';

const organizationParams = z.object({ id: z.uuid() });

export const scimTokenSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const listScimTokensContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/organizations/:id/scim-tokens',
  summary: "An organization's SCIM tokens (never the tokens themselves), newest first",
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: organizationParams,
  response: z.object({ items: z.array(scimTokenSchema), baseUrl: z.string() }),
});

export const createScimTokenContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations/:id/scim-tokens',
  summary:
    'Issues a SCIM bearer token for the organization; the answer is the only time the token is shown',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: organizationParams,
  body: z.object({ label: z.string().trim().min(1).max(120) }),
  response: scimTokenSchema.extend({ token: z.string() }),
  successStatus: 201,
});

export const revokeScimTokenContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/organizations/:id/scim-tokens/:tokenId',
  summary: 'Revokes a SCIM token: the next call with it is refused',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid(), tokenId: z.uuid() }),
  response: scimTokenSchema,
});

// --- the SCIM endpoints. Bodies are checked by the SCIM service against RFC 7643, so a bad one
// answers the SCIM error schema with its scimType; the route only requires an object.

/** Any SCIM resource or PatchOp body: an object; its `schemas` decide how it is read. */
export const scimBodySchema = z.looseObject({
  schemas: z.array(z.string().max(300)).max(20).optional(),
});
/** A SCIM answer: a resource, a ListResponse or an Error; shaped by the service. */
const scimResponseSchema = z.looseObject({ schemas: z.array(z.string()) });
const scimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
const scimResourceQuery = z.object({
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
// Ids are checked by the service (an unknown or malformed one is the SCIM 404), not by the route.
const scimIdParams = z.object({ resourceId: z.string().max(200) });
const SCIM = { kind: 'scimToken' } as const;

function scimContracts<Path extends string>(resource: 'Users' | 'Groups', path: Path) {
  const noun = resource === 'Users' ? 'member' : 'team';
  return {
    list: defineContract({
      method: 'GET',
      path,
      summary: `SCIM: lists the organization's ${resource} (${noun}s); filter, startIndex and count`,
      tags: ['scim'],
      permission: SCIM,
      query: scimListQuery,
      response: scimResponseSchema,
      errors: [429],
    }),
    get: defineContract({
      method: 'GET',
      path: `${path}/:resourceId`,
      summary: `SCIM: one ${noun} of the organization`,
      tags: ['scim'],
      permission: SCIM,
      params: scimIdParams,
      query: scimResourceQuery,
      response: scimResponseSchema,
      errors: [429],
    }),
    create: defineContract({
      method: 'POST',
      path,
      summary: `SCIM: creates a ${noun} of the organization`,
      tags: ['scim'],
      permission: SCIM,
      body: scimBodySchema,
      response: scimResponseSchema,
      successStatus: 201,
      errors: [409, 429],
    }),
    replace: defineContract({
      method: 'PUT',
      path: `${path}/:resourceId`,
      summary: `SCIM: replaces a ${noun}`,
      tags: ['scim'],
      permission: SCIM,
      params: scimIdParams,
      body: scimBodySchema,
      response: scimResponseSchema,
      errors: [409, 429],
    }),
    patch: defineContract({
      method: 'PATCH',
      path: `${path}/:resourceId`,
      summary: `SCIM: changes a ${noun} with a PatchOp`,
      tags: ['scim'],
      permission: SCIM,
      params: scimIdParams,
      body: scimBodySchema,
      response: scimResponseSchema,
      errors: [409, 429],
    }),
    remove: defineContract({
      method: 'DELETE',
      path: `${path}/:resourceId`,
      summary:
        resource === 'Users'
          ? 'SCIM: removes the person from the organization (the account stays)'
          : 'SCIM: deletes the team (its members stay in the organization)',
      tags: ['scim'],
      permission: SCIM,
      params: scimIdParams,
      response: z.null(),
      successStatus: 204,
      errors: [409, 429],
    }),
  };
}

export const scimUserContracts = scimContracts('Users', `${SCIM_BASE_PATH}/Users`);
export const scimGroupContracts = scimContracts('Groups', `${SCIM_BASE_PATH}/Groups`);

export const scimServiceProviderConfigContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/ServiceProviderConfig`,
  summary: 'SCIM: what this service provider supports (RFC 7643 §5)',
  tags: ['scim'],
  permission: SCIM,
  response: scimResponseSchema,
  errors: [429],
});

export const scimResourceTypesContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/ResourceTypes`,
  summary: 'SCIM: the resource types served, User and Group (RFC 7643 §6)',
  tags: ['scim'],
  permission: SCIM,
  response: scimResponseSchema,
  errors: [429],
});

export const scimSchemasContract = defineContract({
  method: 'GET',
  path: `${SCIM_BASE_PATH}/Schemas`,
  summary: 'SCIM: the attributes of User and Group this provider reads and answers (RFC 7643 §7)',
  tags: ['scim'],
  permission: SCIM,
  response: scimResponseSchema,
  errors: [429],
});
