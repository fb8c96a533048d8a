// Requests built from the studio's OpenAPI document (/docs/json): every operation it lists, a
// schema-valid request for each aimed at one namespace's data, and hostile variants of it. The
// authorization matrix, the schema fuzz test and `npm run bench:fuzz` share them, so a new
// contract is covered the moment it is registered.
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

/** One JSON call of a signed-in client: status and parsed body. */
export type JsonCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** A JsonCall over a signed-in TestBrowser-like client (cookie jar, x-system-id). */
export function jsonCallOf(browser: {
  api: (path: string, init?: RequestInit) => Promise<Response>;
}): JsonCall {
  return async (method, path, body) => {
    const response = await browser.api(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}

async function expectCreated<T>(
  call: JsonCall,
  status: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await call(method, path, body);
  if (answer.status !== status) {
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/**
 * Seeds a namespace with one of everything the operations aim at (storyfile with a checklist
 * topic and question, library topic and question, script, conversation, publication); every
 * name starts with `marker`. `call` must be an owner of the namespace.
 */
export async function seedTargets(
  call: JsonCall,
  namespaceId: string,
  marker: string,
): Promise<Targets> {
  const storyfile = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/storyfiles',
    {
      namespaceId,
      name: `${marker} storyfile`,
    },
  );
  const base = `/v1/conversa/storyfiles/${storyfile.id}`;
  const topic = await expectCreated<{ id: string }>(call, 201, 'POST', `${base}/topics`, {
    name: `${marker} checklist topic`,
  });
  const question = await expectCreated<{ id: string }>(call, 201, 'POST', `${base}/questions`, {
    topicId: topic.id,
    text: `${marker} checklist question?`,
  });
  const libraryTopic = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/topics',
    {
      namespaceId,
      name: `${marker} library topic`,
    },
  );
  const libraryQuestion = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/questions',
    { topicId: libraryTopic.id, text: `${marker} library question?` },
  );
  const script = await expectCreated<{ id: string; topics: { id: string }[] }>(
    call,
    201,
    'POST',
    '/v1/conversa/scripts',
    {
      namespaceId,
      name: `${marker} script`,
      topics: [{ name: `${marker} script topic`, questions: [{ text: `${marker} script q?` }] }],
    },
  );
  const asked = await expectCreated<{ conversationId: string }>(call, 200, 'POST', `${base}/ask`, {
    text: `${marker} asked question?`,
  });
  const publication = await expectCreated<{ slug: string }>(call, 200, 'POST', `${base}/publish`);
  return {
    namespaceId,
    storyfileId: storyfile.id,
    checklistTopicId: topic.id,
    checklistQuestionId: question.id,
    libraryTopicId: libraryTopic.id,
    libraryQuestionId: libraryQuestion.id,
    scriptId: script.id,
    scriptTopicId: script.topics[0]!.id,
    conversationId: asked.conversationId,
    slug: publication.slug,
  };
}

/** Reads first, writes next, deletions after, signing out last: the seeded data lasts. */
export function orderForRun(operations: Operation[]): Operation[] {
  const rank = (operation: Operation) =>
    operation.path === '/api/auth/logout' || operation.path === '/api/refresh_token'
      ? 4
      : ({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const)[operation.method];
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

// ---- Hostile input -------------------------------------------------------------------------

export interface HostileValue {
  name: string;
  value: unknown;
}

const MEGABYTE = 1_000_000;

/** A value nested `depth` levels deep in arrays or objects. */
function nest(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) {
    value = kind === 'array' ? [value] : { a: value };
  }
  return value;
}

/** The hostile values of issue 20, each with a short name for reports. */
export const HOSTILE_VALUES: HostileValue[] = [
  { name: 'NUL', value: 'a\u0000b' },
  { name: '1 MB string', value: 'x'.repeat(MEGABYTE) },
  { name: 'number', value: 12345 },
  { name: 'boolean', value: true },
  { name: 'null', value: null },
  { name: 'object', value: { nested: 'value' } },
  { name: 'array', value: ['a', 'b'] },
  { name: 'empty string', value: '' },
  { name: 'negative', value: -1 },
  { name: 'huge', value: 1e308 },
  { name: 'beyond safe integer', value: 2 ** 63 },
  { name: 'fractional', value: 1.5 },
  { name: '"NaN"', value: 'NaN' },
  { name: '"-1"', value: '-1' },
  { name: '"1e309"', value: '1e309' },
  { name: 'malformed uuid', value: '123e4567-e89b-12d3-a456-42661417400g' },
  { name: 'nil-ish uuid', value: '00000000-0000-0000-0000-00000000000' },
  { name: 'RTL override', value: '\u202Egnp.exe\u202C \u05E9\u05DC\u05D5\u05DD' },
  { name: 'combining marks', value: `Z${'\u0336\u0301\u0327'.repeat(200)}` },
  { name: 'lone surrogate', value: 'a\uD800b' },
  // Issue 30: lone surrogates reached PostgreSQL (500); high, low, at the end, deeper in a value.
  { name: 'lone low surrogate', value: '\uDC00x' },
  { name: 'trailing high surrogate', value: `name ${'\uD83D'}` },
  { name: 'surrogate in an array', value: ['ok', 'b\uDFFF'] },
  { name: 'surrogate in a key', value: { ['k\uD800']: 'v' } },
  // Issue 30: 5,000-deep bodies exhausted the stack (500); a deep value in every field too.
  { name: '100-deep array', value: nest(100, 'array') },
  { name: '100-deep object', value: nest(100, 'object') },
  { name: 'SQL', value: "'; drop table storyfiles; -- \\ % _" },
  { name: 'HTML', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { name: 'path traversal', value: '../../etc/passwd' },
];

/** A hostile request: the raw body as sent (so it can be no JSON at all). */
export interface HostileRequest {
  method: Operation['method'];
  url: string;
  payload?: string;
  contentType?: string;
  /** `field = value name`, for reports. */
  label: string;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function withQuery(url: string, name: string, values: string[]): string {
  const target = new URL(url, 'http://fuzz.invalid');
  target.searchParams.delete(name);
  for (const value of values) {
    target.searchParams.append(name, value);
  }
  return `${target.pathname}${target.search}`;
}

/**
 * Hostile variants of one operation: each field (path parameter, query parameter, top-level body
 * property, declared or not) replaced in turn by hostile values while the rest stays valid, then
 * the body as a whole (none, empty, not JSON, an array, a string, unknown fields). `pick` chooses
 * the values per field: all of them for the benchmark, a rotating few in the suite.
 */
export function buildHostileRequests(
  operation: Operation,
  targets: Targets,
  pick: (fieldIndex: number) => HostileValue[] = () => HOSTILE_VALUES,
): HostileRequest[] {
  const valid = buildRequest(operation, targets);
  const json = (body: unknown) => JSON.stringify(body);
  const requests: HostileRequest[] = [];
  const withBody = (url: string, body: unknown, label: string): HostileRequest => ({
    method: operation.method,
    url,
    ...(body === undefined ? {} : { payload: json(body), contentType: 'application/json' }),
    label,
  });
  let fieldIndex = 0;

  for (const parameter of operation.pathParams) {
    for (const hostile of pick(fieldIndex++)) {
      const text = asText(hostile.value);
      // A path segment that is empty or a parent reference changes the route, not the field.
      const segment = text === '' || text === '..' ? 'x' : text;
      const url = valid.url.replace(
        encodeURIComponent(pathValueOf(valid.url, operation, parameter.name)),
        encodePathSegment(segment),
      );
      requests.push(withBody(url, valid.body, `path ${parameter.name} = ${hostile.name}`));
    }
  }
  for (const parameter of operation.queryParams) {
    for (const hostile of pick(fieldIndex++)) {
      const values = Array.isArray(hostile.value)
        ? hostile.value.map(asText)
        : [asText(hostile.value)];
      requests.push(
        withBody(
          withQuery(valid.url, parameter.name, values),
          valid.body,
          `query ${parameter.name} = ${hostile.name}`,
        ),
      );
    }
  }
  if (operation.body) {
    const base = (valid.body ?? {}) as Record<string, unknown>;
    const names = [...Object.keys(operation.body.properties ?? {}), 'unknownField'];
    for (const name of names) {
      for (const hostile of pick(fieldIndex++)) {
        requests.push(
          withBody(valid.url, { ...base, [name]: hostile.value }, `body ${name} = ${hostile.name}`),
        );
      }
    }
  }
  const bodies: { label: string; payload?: string; contentType?: string }[] = [
    { label: 'no body, JSON content type', payload: '', contentType: 'application/json' },
    { label: 'not JSON', payload: '{"name": "unfinished', contentType: 'application/json' },
    { label: 'JSON array body', payload: '[1,2,3]', contentType: 'application/json' },
    { label: 'JSON string body', payload: '"text"', contentType: 'application/json' },
    { label: 'JSON null body', payload: 'null', contentType: 'application/json' },
    { label: 'form body', payload: 'name=x&namespaceId=y', contentType: 'text/plain' },
    // Written out, not stringified: 5,000 levels are more than a recursive writer should hold.
    {
      label: '5,000-deep array body',
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      contentType: 'application/json',
    },
    {
      label: '5,000-deep object body',
      payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      contentType: 'application/json',
    },
    {
      label: 'prototype keys',
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      contentType: 'application/json',
    },
  ];
  for (const body of bodies) {
    requests.push({ method: operation.method, url: valid.url, ...body, label: body.label });
  }
  return requests;
}

// encodeURIComponent refuses a lone surrogate; a client can still send its UTF-8 bytes.
function encodePathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')).concat('%ED%A0%80');
  }
}

function pathValueOf(url: string, operation: Operation, name: string): string {
  const pattern = new RegExp(
    `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, '(?<$1>[^/?]+)')}`,
  );
  const match = pattern.exec(url);
  return decodeURIComponent(match?.groups?.[name] ?? '');
}
