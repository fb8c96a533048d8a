// SCIM 2.0 protocol pieces (RFC 7644) shared by the Users and Groups services: errors in the
// SCIM error schema, the one filter form identity providers send (`attr eq "value"`), paging,
// ListResponse, PatchOp reading, and the discovery documents.
import {
  SCIM_BASE_PATH,
  SCIM_ENTERPRISE_USER_SCHEMA,
  SCIM_ERROR_SCHEMA,
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_MAX_RESULTS,
  SCIM_PATCH_SCHEMA,
  SCIM_USER_SCHEMA,
} from '@conversa/contracts';
import { AppError } from '../../http/errors.ts';

/** RFC 7644 §3.12 detail error keywords this provider answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'noTarget'
  | 'uniqueness';

/** A refusal the SCIM routes answer in the SCIM error schema, with its scimType. */
export class ScimError extends AppError {
  constructor(
    status: number,
    readonly scimType: ScimType | undefined,
    message: string,
  ) {
    super(status, 'SCIM', message);
    this.name = 'ScimError';
  }
}

export const scimBadRequest = (scimType: ScimType, message: string) =>
  new ScimError(400, scimType, message);

export function scimNotFound(resource: 'User' | 'Group', id: string): ScimError {
  return new ScimError(404, undefined, `${resource} ${id} not found.`);
}

/** The SCIM error schema body (RFC 7644 §3.12): status is a string. */
export function buildScimErrorBody(status: number, message: string, scimType?: ScimType) {
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail: message,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a resource id can name anything here (ids are uuids); others are simply not found. */
export function isResourceId(id: string): boolean {
  return UUID.test(id);
}

export interface ScimFilter {
  /** Attribute path, lower-cased (attribute names are case-insensitive, RFC 7644 §3.4.2.2). */
  attribute: string;
  value: string;
}

/**
 * Reads the filter providers send to find a resource before creating it: `attr eq "value"`.
 * Anything else (other operators, and/or, parentheses) answers 400 invalidFilter.
 */
export function parseScimFilter(filter: string | undefined, allowed: string[]): ScimFilter | null {
  if (filter === undefined || filter.trim() === '') {
    return null;
  }
  const match = /^\s*([A-Za-z][\w.:$-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = match?.[1]?.toLowerCase();
  if (!match || !attribute || !allowed.includes(attribute)) {
    throw scimBadRequest(
      'invalidFilter',
      `This filter is not supported. Use one of: ${allowed.map((name) => `${name} eq "value"`).join(', ')}.`,
    );
  }
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}

/** startIndex (1-based, below 1 reads as 1) and count (0 answers only the total; capped). */
export function readPaging(query: { startIndex?: number | undefined; count?: number | undefined }) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count ?? SCIM_MAX_RESULTS));
  return { startIndex, count, offset: startIndex - 1 };
}

export function buildListResponse(
  resources: Record<string, unknown>[],
  totalResults: number,
  startIndex: number,
) {
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/**
 * Checks a resource body's `schemas`: it must name the core schema, and nothing this provider does
 * not know (400 invalidSyntax, so a body meant for another resource is never half-read).
 */
export function assertResourceSchemas(
  body: { schemas?: string[] | undefined },
  core: string,
  extensions: string[] = [],
): void {
  const schemas = body.schemas ?? [];
  if (!schemas.includes(core)) {
    throw scimBadRequest('invalidSyntax', `The body's "schemas" must include ${core}.`);
  }
  const unknown = schemas.filter((schema) => schema !== core && !extensions.includes(schema));
  if (unknown.length > 0) {
    throw scimBadRequest(
      'invalidSyntax',
      `Unknown schema ${unknown.map((schema) => `"${schema}"`).join(', ')}: this provider reads ${[core, ...extensions].join(' and ')}.`,
    );
  }
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  /** Path as sent (attribute names compared lower-cased by the services), or undefined. */
  path: string | undefined;
  value: unknown;
}

/**
 * Reads a PatchOp body (RFC 7644 §3.5.2). Operation names are case-insensitive: Entra ID sends
 * "Replace" and "Add", Okta "replace".
 */
export function readPatchOperations(body: Record<string, unknown>): PatchOperation[] {
  const schemas = Array.isArray(body.schemas) ? body.schemas : [];
  if (!schemas.includes(SCIM_PATCH_SCHEMA)) {
    throw scimBadRequest(
      'invalidSyntax',
      `A PATCH body's "schemas" must be [${SCIM_PATCH_SCHEMA}].`,
    );
  }
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw scimBadRequest('invalidSyntax', 'A PATCH body needs a list of "Operations".');
  }
  return operations.map((operation: unknown, index) => {
    if (typeof operation !== 'object' || operation === null) {
      throw scimBadRequest('invalidSyntax', `Operation ${index + 1} is not an object.`);
    }
    const { op, path, value } = operation as Record<string, unknown>;
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw scimBadRequest(
        'invalidSyntax',
        `Operation ${index + 1} has op ${JSON.stringify(op)}; use "add", "replace" or "remove".`,
      );
    }
    if (path !== undefined && (typeof path !== 'string' || path.length > 500)) {
      throw scimBadRequest('invalidPath', `Operation ${index + 1} has a path that is not text.`);
    }
    if (name !== 'remove' && value === undefined) {
      throw scimBadRequest('invalidValue', `Operation ${index + 1} ("${name}") needs a value.`);
    }
    return { op: name, path: path === '' ? undefined : path, value };
  });
}

/** `active` as a boolean: Entra ID sends the strings "True" and "False". */
export function readBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
    return value.trim().toLowerCase() === 'true';
  }
  throw scimBadRequest('invalidValue', `"${attribute}" must be true or false.`);
}

/** A text attribute, trimmed; null when absent or empty. */
export function readText(value: unknown, attribute: string, max = 320): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string' || value.length > max || value.includes('\u0000')) {
    throw scimBadRequest(
      'invalidValue',
      `"${attribute}" must be text of at most ${max} characters.`,
    );
  }
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function buildLocation(baseUrl: string, resource: 'Users' | 'Groups', id: string): string {
  return `${baseUrl}${SCIM_BASE_PATH}/${resource}/${id}`;
}

function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function buildMeta(
  baseUrl: string,
  resourceType: 'User' | 'Group',
  id: string,
  created: Date | string,
  lastModified: Date | string,
) {
  return {
    resourceType,
    created: toIso(created),
    lastModified: toIso(lastModified),
    location: buildLocation(baseUrl, resourceType === 'User' ? 'Users' : 'Groups', id),
  };
}

// --- discovery (RFC 7644 §4): what is served, so a provider's set-up can read it ---

export function buildServiceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'A bearer token an owner of the organization issues on the Organizations screen; only its hash is stored.',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${baseUrl}${SCIM_BASE_PATH}/ServiceProviderConfig`,
    },
  };
}

export function buildResourceTypes(baseUrl: string) {
  const resources = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organization (the account is shared across organizations)',
      schema: SCIM_USER_SCHEMA,
      schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER_SCHEMA, required: false }],
      meta: {
        resourceType: 'ResourceType',
        location: `${baseUrl}${SCIM_BASE_PATH}/ResourceTypes/User`,
      },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the organization',
      schema: SCIM_GROUP_SCHEMA,
      meta: {
        resourceType: 'ResourceType',
        location: `${baseUrl}${SCIM_BASE_PATH}/ResourceTypes/Group`,
      },
    },
  ];
  return buildListResponse(resources, resources.length, 1);
}

function attribute(
  name: string,
  type: 'string' | 'boolean' | 'complex' | 'reference',
  extra: Record<string, unknown> = {},
) {
  return {
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  };
}

export function buildSchemas(baseUrl: string) {
  const schemas = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: SCIM_USER_SCHEMA,
      name: 'User',
      description: 'A member of the organization; userName is the email address (spec §5 rule)',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('name', 'complex', {
          subAttributes: [
            attribute('givenName', 'string'),
            attribute('familyName', 'string'),
            attribute('formatted', 'string', { mutability: 'readOnly' }),
          ],
        }),
        attribute('displayName', 'string', { mutability: 'readOnly' }),
        attribute('emails', 'complex', { multiValued: true, mutability: 'readOnly' }),
        attribute('active', 'boolean'),
        attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
      meta: {
        resourceType: 'Schema',
        location: `${baseUrl}${SCIM_BASE_PATH}/Schemas/${SCIM_USER_SCHEMA}`,
      },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: SCIM_GROUP_SCHEMA,
      name: 'Group',
      description: 'A team of the organization',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('members', 'complex', { multiValued: true }),
      ],
      meta: {
        resourceType: 'Schema',
        location: `${baseUrl}${SCIM_BASE_PATH}/Schemas/${SCIM_GROUP_SCHEMA}`,
      },
    },
  ];
  return buildListResponse(schemas, schemas.length, 1);
}
