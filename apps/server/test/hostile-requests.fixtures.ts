// The hostile variants of issue 20 of each schema-valid request built from the OpenAPI document
// (openapi.fixtures.ts): each field in turn replaced by a hostile value, unknown fields, and
// bodies that are empty, not JSON or not an object. The schema fuzz test and `npm run
// bench:fuzz` send them.
import { buildRequest, type Operation, type Targets } from './openapi.fixtures.ts';

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
