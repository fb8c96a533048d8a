// Requests built from the studio's OpenAPI document (/docs/json): every operation it lists and a
// schema-valid request for each, aimed at one namespace's data (openapi-targets.fixtures.ts seeds
// it; hostile-requests.fixtures.ts makes the hostile variants). The authorization matrix, the
// schema fuzz test and `npm run bench:fuzz` share them, so a new contract is covered the moment
// it is registered.
import { randomUUID } from 'node:crypto';
import type { Requirement } from '@conversa/contracts';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  'x-permission'?: Requirement;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, `/v1/conversa/storyfiles/{id}`. */
  path: string;
  /** Fastify path, `/v1/conversa/storyfiles/:id` (to look the route and its permission up). */
  routePath: string;
  /** The permission its contract declares (`x-permission`); undefined if the document has none. */
  permission: Requirement | undefined;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  body: JsonSchema | undefined;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the document, in a stable order. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, entries] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(entries)) {
      const upper = method.toUpperCase();
      if (!METHODS.has(upper)) {
        continue;
      }
      const parameters = operation.parameters ?? [];
      operations.push({
        method: upper as Operation['method'],
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ':$1'),
        permission: operation['x-permission'],
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** The data of one namespace that requests aim at. */
export interface Targets {
  namespaceId: string;
  storyfileId: string;
  checklistTopicId: string;
  checklistQuestionId: string;
  libraryTopicId: string;
  libraryQuestionId: string;
  scriptId: string;
  scriptTopicId: string;
  conversationId: string;
  slug: string;
}

export interface BuiltRequest {
  method: Operation['method'];
  url: string;
  body: unknown;
}

function isUnder(operation: Operation, prefix: string): boolean {
  return operation.path.startsWith(`/v1/conversa/${prefix}/{id}`);
}

function pathValue(operation: Operation, name: string, targets: Targets): string {
  switch (name) {
    case 'id':
      // The mobile app's curation names storyfiles by id.
      if (
        ['storyfiles', 'mobile-app/storyfiles', 'mobile-app/featured', 'mobile-app/popular'].some(
          (prefix) => isUnder(operation, prefix),
        )
      ) {
        return targets.storyfileId;
      }
      if (isUnder(operation, 'topics')) {
        return targets.libraryTopicId;
      }
      if (isUnder(operation, 'questions')) {
        return targets.libraryQuestionId;
      }
      if (isUnder(operation, 'scripts')) {
        return targets.scriptId;
      }
      if (isUnder(operation, 'organizations')) {
        return targets.namespaceId;
      }
      // Records no seed makes (a team, an invitation, a category, a word, an upload, a promo code
      // or client, an activity): an id that names none, so an allowed identity gets 404 and
      // nothing seeded is changed.
      if (
        [
          'teams',
          'invitations',
          'training/categories',
          'training/words',
          'uploads',
          'promo-codes',
          'promo-codes/clients',
          'learning/activities',
          'learning/my-activities',
        ].some((prefix) => isUnder(operation, prefix))
      ) {
        return randomUUID();
      }
      throw new Error(`No target for {id} in ${operation.path}: add it to openapi.fixtures.ts`);
    case 'topicId':
      return isUnder(operation, 'scripts') ? targets.scriptTopicId : targets.checklistTopicId;
    case 'questionId':
      return targets.checklistQuestionId;
    case 'conversationId':
      return targets.conversationId;
    case 'slug':
      return targets.slug;
    // A storyfile inside a learning activity (the activity's id names none, so it answers 404).
    case 'storyfileId':
      return targets.storyfileId;
    case 'kind':
      return 'idle';
    // A video, a member, a whitelist entry, a review change, an exchange, a learned label or a
    // package job no seed makes: an id that names none, so nothing seeded is changed.
    case 'jobId':
    case 'videoId':
    case 'userId':
    case 'tokenId':
    case 'resourceId':
    case 'entryId':
    case 'actionId':
    case 'labelId':
    case 'exchangeId':
      return randomUUID();
    case 'number':
      return '1';
    default:
      throw new Error(`No value for path parameter ${name} of ${operation.path}`);
  }
}

/** Ids of the target namespace by field name; undefined when the name is not one of them. */
function targetFor(operation: Operation, name: string, targets: Targets): string | undefined {
  switch (name) {
    case 'namespaceId':
    case 'organizationId':
      return targets.namespaceId;
    case 'storyfileId':
      return targets.storyfileId;
    case 'topicId':
      return operation.path.startsWith('/v1/conversa/storyfiles/')
        ? targets.checklistTopicId
        : targets.libraryTopicId;
    case 'scriptId':
      return targets.scriptId;
    default:
      return undefined;
  }
}

/** A value the schema accepts: the least it requires. */
export function sampleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) {
    return 'sample';
  }
  if (schema.enum && schema.enum.length > 0) {
    return schema.enum[0];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return sampleValue(alternatives[0], name);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') {
        return randomUUID();
      }
      if (schema.format === 'date') {
        return '2026-01-01';
      }
      if (schema.format === 'date-time') {
        return '2026-01-01T00:00:00Z';
      }
      if (schema.format === 'email') {
        return 'someone@example.com';
      }
      if (schema.format === 'uri') {
        return 'https://example.com/';
      }
      if (schema.pattern) {
        return samplePattern(schema.pattern);
      }
      return `Sample ${name}`.slice(0, schema.maxLength ?? 100).padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items, name));
    case 'object':
    default: {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        value[key] = sampleValue(schema.properties?.[key], key);
      }
      return value;
    }
  }
}

// The patterns the contracts use, beyond uuids; a new one fails loudly here.
function samplePattern(pattern: string): string {
  if (pattern.includes('[0-9a-fA-F]{8}')) {
    return randomUUID();
  }
  if (pattern.startsWith('^[A-Za-z]{2,3}')) {
    return 'en';
  }
  if (pattern === '^[A-Za-z0-9_-]+$' || pattern.includes('A-Za-z0-9_-')) {
    return 'sample';
  }
  throw new Error(`No sample for the pattern ${pattern}: add one to openapi.fixtures.ts`);
}

function fillBody(operation: Operation, schema: JsonSchema, targets: Targets): unknown {
  const value = sampleValue(schema);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(schema.properties ?? {})) {
      const target = targetFor(operation, key, targets);
      // The namespace's ids go in wherever a field names them, required or not: the request
      // is aimed at that namespace.
      if (target !== undefined && (key in record || key === 'namespaceId')) {
        record[key] = target;
      }
    }
  }
  return value;
}

/** A schema-valid request for the operation, aimed at the target namespace's data. */
export function buildRequest(operation: Operation, targets: Targets): BuiltRequest {
  let url = operation.path;
  for (const parameter of operation.pathParams) {
    url = url.replace(
      `{${parameter.name}}`,
      encodeURIComponent(pathValue(operation, parameter.name, targets)),
    );
  }
  const query = new URLSearchParams();
  for (const parameter of operation.queryParams) {
    // `ids` in a query is the storyfiles' (GET /storyfiles/recent).
    const target =
      parameter.name === 'ids'
        ? targets.storyfileId
        : targetFor(operation, parameter.name, targets);
    if (target !== undefined && (parameter.required || parameter.name === 'namespaceId')) {
      query.set(parameter.name, String(target));
    } else if (parameter.required) {
      query.set(parameter.name, String(sampleValue(parameter.schema, parameter.name)));
    }
  }
  const search = query.toString();
  return {
    method: operation.method,
    url: search ? `${url}?${search}` : url,
    body: operation.body ? fillBody(operation, operation.body, targets) : undefined,
  };
}
