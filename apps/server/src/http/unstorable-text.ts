import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { labelValidationField } from '@conversa/contracts';
import { badRequest } from './errors.ts';

// PostgreSQL's text cannot hold U+0000, nor a lone UTF-16 surrogate (it is no UTF-8): either
// reaching a query fails there, as a 500. One check before every schema keeps them out of every
// field of every contract at once, and refuses bodies nested past MAX_JSON_DEPTH.
const UNSTORABLE_CHARACTER = '\u0000';

/** How deep a request's JSON may nest; no contract comes near it (SCIM PatchOps nest 4). */
export const MAX_JSON_DEPTH = 64;

/** The 400 message for a body nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects).`;

/** Why a string cannot be stored: a NUL, or half of a UTF-16 surrogate pair (not UTF-8). */
export type UnstorableReason = 'nul' | 'surrogate';

function readUnstorableReason(text: string): UnstorableReason | undefined {
  if (text.includes(UNSTORABLE_CHARACTER)) {
    return 'nul';
  }
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (or object key) in `value` that PostgreSQL cannot store, with its path such as
 * `['topics', 0, 'name']` and the reason; undefined when everything can be stored; 'too-deep'
 * when it nests past MAX_JSON_DEPTH. Iterative, so no body can exhaust the stack.
 */
export function findUnstorable(
  value: unknown,
): { path: (string | number)[]; reason: UnstorableReason } | 'too-deep' | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = readUnstorableReason(current);
      if (reason) {
        return { path, reason };
      }
      continue;
    }
    if (current === null || typeof current !== 'object') {
      continue;
    }
    if (path.length >= MAX_JSON_DEPTH) {
      return 'too-deep';
    }
    // Pushed in reverse, so the first offending field in document order is found first.
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      const reason = typeof key === 'string' ? readUnstorableReason(key) : undefined;
      if (reason) {
        return { path, reason };
      }
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** The path of the first string or key PostgreSQL cannot store (see findUnstorable). */
export function findUnstorableText(value: unknown): (string | number)[] | undefined {
  const found = findUnstorable(value);
  return found === undefined || found === 'too-deep' ? undefined : found.path;
}

/** A field as a person reads it, quoted: the contracts' one field mapping (`namespaceId` → "Namespace"). */
export function describeField(path: readonly (string | number)[]): string {
  return path.some((step) => typeof step === 'string')
    ? `"${labelValidationField(path)}"`
    : 'The request';
}

/**
 * Where the text came: a body is saved, a query searches or filters, a path names something
 * (issue 53: a NUL in a GET's filter was told it "cannot be saved").
 */
export type RequestPart = 'body' | 'querystring' | 'params';

const WHAT_CANNOT_BE_DONE: Readonly<Record<RequestPart, string>> = {
  body: 'cannot be saved',
  querystring: 'cannot be searched for or used',
  params: 'cannot be used',
};

/** The 400 message for text PostgreSQL cannot store, naming the field. */
export function describeUnstorableText(
  path: readonly (string | number)[],
  reason: UnstorableReason = 'nul',
  part: RequestPart = 'body',
): string {
  const consequence = WHAT_CANNOT_BE_DONE[part];
  return reason === 'nul'
    ? `${describeField(path)} contains a NUL character (\\u0000), which ${consequence}. Remove it and try again.`
    : `${describeField(path)} contains half of a character (a lone UTF-16 surrogate), which ${consequence}. Remove it and try again.`;
}

/**
 * The studio's validator: every body, query and params first pass the unstorable-text check,
 * then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<
  Parameters<typeof zodValidatorCompiler>[0]['schema']
> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  const part: RequestPart =
    routeSchema.httpPart === 'querystring' || routeSchema.httpPart === 'params'
      ? routeSchema.httpPart
      : 'body';
  return (data) => {
    const found = findUnstorable(data);
    if (found === 'too-deep') {
      return { error: badRequest(TOO_DEEP_MESSAGE) };
    }
    if (found) {
      return { error: badRequest(describeUnstorableText(found.path, found.reason, part)) };
    }
    return validate(data);
  };
};
