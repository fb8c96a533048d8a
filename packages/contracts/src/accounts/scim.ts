import { z } from 'zod';

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

export const scimOrganizationParams = z.object({ id: z.uuid() });

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

// --- the SCIM endpoints. Bodies are checked by the SCIM service against RFC 7643, so a bad one
// answers the SCIM error schema with its scimType; the route only requires an object.

/** Any SCIM resource or PatchOp body: an object; its `schemas` decide how it is read. */
export const scimBodySchema = z.looseObject({
  schemas: z.array(z.string().max(300)).max(20).optional(),
});
/** A SCIM answer: a resource, a ListResponse or an Error; shaped by the service. */
export const scimResponseSchema = z.looseObject({ schemas: z.array(z.string()) });
export const scimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
export const scimResourceQuery = z.object({
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
// Ids are checked by the service (an unknown or malformed one is the SCIM 404), not by the route.
export const scimIdParams = z.object({ resourceId: z.string().max(200) });
/** The permission of every SCIM call: a bearer token an owner of the organization issued. */
export const SCIM_PERMISSION = { kind: 'scimToken' } as const;

export type ScimResource = 'Users' | 'Groups';

/** What a SCIM resource is in the studio: Users are members, Groups are teams. */
export function getScimNoun(resource: ScimResource): 'member' | 'team' {
  return resource === 'Users' ? 'member' : 'team';
}
