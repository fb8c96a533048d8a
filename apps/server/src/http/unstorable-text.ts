import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { labelValidationField } from '@conversa/contracts';
import { badRequest } from './errors.ts';

// PostgreSQL's text cannot hold U+0000: a NUL that reaches a query fails there, as a 500. One
// check before every schema keeps it out of every field of every contract at once.
const UNSTORABLE_CHARACTER = '\u0000';

/**
 * The path of the first string (or object key) in `value` that PostgreSQL cannot store, such as
 * `['topics', 0, 'name']`; undefined when everything can be stored.
 */
export function findUnstorableText(
  value: unknown,
  path: readonly (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') {
    return value.includes(UNSTORABLE_CHARACTER) ? [...path] : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) {
        return found;
      }
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(UNSTORABLE_CHARACTER)) {
        return [...path];
      }
      const found = findUnstorableText(item, [...path, key]);
      if (found) {
        return found;
      }
    }
  }
  return undefined;
}

/** A field as a person reads it, quoted: the contracts' one field mapping (`namespaceId` → "Namespace"). */
export function describeField(path: readonly (string | number)[]): string {
  return path.some((step) => typeof step === 'string')
    ? `"${labelValidationField(path)}"`
    : 'The request';
}

/** The 400 message for text PostgreSQL cannot store, naming the field. */
export function describeUnstorableText(path: readonly (string | number)[]): string {
  return `${describeField(path)} contains a NUL character (\\u0000), which cannot be saved. Remove it and try again.`;
}

/**
 * The studio's validator: every body, query and params first pass the unstorable-text check,
 * then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<
  Parameters<typeof zodValidatorCompiler>[0]['schema']
> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  return (data) => {
    const path = findUnstorableText(data);
    if (path) {
      return { error: badRequest(describeUnstorableText(path)) };
    }
    return validate(data);
  };
};
