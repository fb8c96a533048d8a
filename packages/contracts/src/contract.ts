import type { z } from 'zod';
import type { Requirement } from './permissions/rules.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint: route meta, the permission it requires and its zod schemas. The server registers
 * the route from it, the web's fetchers call it, and the OpenAPI document is generated from it.
 */
export interface Contract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Permission extends Requirement = Requirement,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/v1/conversa/storyfiles/:id`. */
  path: string;
  summary: string;
  tags?: string[];
  /** Kept literal, so the server can tell public handlers (maybe no user) from the others. */
  permission: Permission;
  /** For `storyfile` permissions: the path (else query) parameter that carries the storyfile id. */
  storyfileParam?: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer (200 unless given). */
  successStatus?: number;
  /**
   * Whether a member who holds only the restricted role (a student) may call it. Everything else
   * refuses them on the server, whatever its permission says (issue 18: students see only their
   * activities).
   */
  isOpenToStudents?: boolean;
  /** Largest request body in bytes, when a call needs more than the server's default (1 MiB). */
  bodyLimit?: number;
  /**
   * Error statuses it answers beyond those its shape implies (400 of its inputs, 401 and 403 of
   * its permission, 404 of a path id): 409 where a state or a taken name refuses it, 429 where a
   * rate limit applies, 404 of an id named in its body. `getErrorAnswers` lists them all.
   */
  errors?: readonly (404 | 409 | 429)[];
}

/** Identity function that keeps the literal schema types and permission of a contract. */
export function defineContract<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
  const Permission extends Requirement,
>(
  contract: Contract<Params, Query, Body, Response, Permission>,
): Contract<Params, Query, Body, Response, Permission> {
  return contract;
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The error body every failing endpoint answers with. */
export interface ErrorBody {
  error: string;
  message: string;
  statusCode: number;
  /** A refused request's problems, one per field, in the words of `describeValidationIssue`. */
  issues?: { path: string[]; message: string }[];
}
