import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { unauthorized } from './errors.ts';
import { readRoutedPath } from './routed-path.ts';
import {
  API_VERSION,
  canSeeNamespace,
  checkRequirement,
  isRestrictedOnly,
  LOGIN_REQUIRED_MESSAGE,
  roleRequiredMessage,
  SCIM_TOKEN_INVALID_MESSAGE,
  SCIM_TOKEN_REQUIRED_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  needsSystemIdHeader,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  SYSTEM_ID_REQUIRED_MESSAGE,
  withStoryfileInNamespace,
  type Contract,
  type CurrentUser,
  type Requirement,
} from '@conversa/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /v1 and /api route declares what it needs; the server refuses to start otherwise. */
    permission?: Requirement;
    storyfileParam?: string;
    /** Students (restricted role only) may call it; every other route refuses them. */
    isOpenToStudents?: boolean;
    /** Error statuses the contract declares beyond its shape's (the API documentation lists them). */
    errors?: readonly (404 | 409 | 429)[];
  }
  interface FastifyRequest {
    /** The signed-in user, resolved by the permission hook (null when public and anonymous). */
    currentUser: CurrentUser | null;
    /** The SCIM token a `scimToken` route was called with, resolved by the permission hook. */
    scimClient: ScimClient | null;
    /** The organization of the route's storyfile parameter, resolved by the permission hook. */
    storyfileNamespaceId: string | null;
    /** The permission hook decided before validation (preValidation), not before the handler. */
    isPermissionChecked: boolean;
    /**
     * A write sent a bearer token instead of the system id header: the permission hook refuses
     * it unless the token authenticates the request (installSystemIdCheck).
     */
    hasBearerInsteadOfSystemId: boolean;
  }
  interface FastifyInstance {
    /** Set by the storyfiles module (setStoryfileNamespaceResolver); null until then. */
    resolveStoryfileNamespace: ResolveStoryfileNamespace | null;
    /** Set by the accounts module (setScimTokenResolver); null until then, refusing every SCIM call. */
    resolveScimToken: ResolveScimToken | null;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header, or null for any other header (Basic,
 * Digest, a malformed bearer) or none. The one reading of the header: the user resolver and the
 * CSRF check agree on what a bearer is.
 */
export function readBearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? null;
}

/**
 * Who sent a request (session cookie or bearer token), or null; the auth module makes it and the
 * assembly hands it to the permission hook, the one place that calls it.
 */
export type ResolveUser = (request: FastifyRequest) => Promise<CurrentUser | null>;

/** The namespace that contains a storyfile, or null when no storyfile has that id. */
export type ResolveStoryfileNamespace = (storyfileId: string) => Promise<string | null>;

/** A valid SCIM token: the organization it provisions, and its own id and label for the audit. */
export interface ScimClient {
  tokenId: string;
  tokenLabel: string;
  organizationId: string;
  organizationLabel: string;
}

/**
 * The SCIM client a bearer token names, or null when it is missing, unknown or revoked. `source`
 * is the caller's address: the resolver may refuse it (a thrown 429) after too many failures.
 */
export type ResolveScimToken = (
  bearerToken: string | null,
  source: string,
) => Promise<ScimClient | null>;

/** SCIM routes (`scimToken` permission) check their bearer token with this, one indexed query. */
export function setScimTokenResolver(app: FastifyInstance, resolve: ResolveScimToken): void {
  if (app.hasDecorator('resolveScimToken')) {
    app.resolveScimToken = resolve;
  } else {
    app.decorate('resolveScimToken', resolve);
  }
}

/**
 * Storyfile permissions (spec §6: a namespace whose scope suffices and which contains the
 * storyfile) look the storyfile's namespace up per request with this, one indexed query, rather
 * than auth/me listing every storyfile of every namespace.
 */
export function setStoryfileNamespaceResolver(
  app: FastifyInstance,
  resolve: ResolveStoryfileNamespace,
): void {
  if (app.hasDecorator('resolveStoryfileNamespace')) {
    app.resolveStoryfileNamespace = resolve;
  } else {
    app.decorate('resolveStoryfileNamespace', resolve);
  }
}

/** Path prefixes whose routes must declare a permission. */
export const GUARDED_PREFIXES = ['/v1/', '/api/', '/scim/'];

export class MissingPermissionError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} declares no permission; add config.permission (or register it from a contract).`,
    );
    this.name = 'MissingPermissionError';
  }
}

/** Throws while routes are being added, so a route without a declared permission stops start-up. */
export function assertRouteDeclaresPermission(route: RouteOptions): void {
  const isGuarded = GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix));
  if (isGuarded && route.config?.permission === undefined) {
    throw new MissingPermissionError(String(route.method), route.url);
  }
}

/** Enforces the declared permission of every route before its handler runs. */
export function installPermissionHook(app: FastifyInstance, resolveUser: ResolveUser): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('scimClient', null);
  app.decorateRequest('storyfileNamespaceId', null);
  app.decorateRequest('isPermissionChecked', false);
  if (!app.hasRequestDecorator('hasBearerInsteadOfSystemId')) {
    app.decorateRequest('hasBearerInsteadOfSystemId', false);
  }
  if (!app.hasDecorator('resolveStoryfileNamespace')) {
    app.decorate('resolveStoryfileNamespace', null);
  }
  if (!app.hasDecorator('resolveScimToken')) {
    app.decorate('resolveScimToken', null);
  }
  // SCIM is authenticated before its body is parsed or validated: an unknown caller costs one
  // indexed query, never the walk of whatever body it sent.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.permission?.kind !== 'scimToken') {
      return;
    }
    // A SCIM token is no person's session: it never resolves a user, and a user's cookie or
    // access token never passes here. Thrown, so the SCIM routes answer in their own schema.
    const token = readBearerToken(request.headers.authorization);
    const resolveScimToken = request.server.resolveScimToken;
    const client = resolveScimToken ? await resolveScimToken(token, request.ip) : null;
    if (!client) {
      throw unauthorized(token ? SCIM_TOKEN_INVALID_MESSAGE : SCIM_TOKEN_REQUIRED_MESSAGE);
    }
    request.scimClient = client;
  });
  // Issue 67: the permission is checked before the body is validated, so a caller refused the
  // route learns nothing from its validation (another namespace's storyfile answers 404 whatever
  // the body), and nobody's body is walked for a caller who may not call. A storyfile parameter
  // that is no id is left to the schema's 400, then checked as before the handler.
  app.addHook('preValidation', async (request, reply) => {
    const storyfileId = readStoryfileParam(request);
    if (storyfileId !== undefined && !UUID_PATTERN.test(storyfileId)) {
      return;
    }
    request.isPermissionChecked = true;
    return authorize(request, reply);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!request.isPermissionChecked) {
      return authorize(request, reply);
    }
  });

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    const permission = request.routeOptions.config.permission;
    if (!permission) {
      return;
    }
    if (permission.kind === 'scimToken') {
      // Resolved in onRequest, before the body is read (below).
      return;
    }
    if (permission.kind === 'public' && !request.hasBearerInsteadOfSystemId) {
      // Public routes (the provider's own endpoints among them) never resolve a user: resolving a
      // bearer token calls the provider, which must not recurse into itself. (The provider lives
      // under /idp, where no write needs the system id header, so the check below never recurses.)
      return;
    }
    let user = await resolveUser(request);
    // Issue 43: a bearer token stands in for the system id header only when it authenticates
    // the request; one the issuer refuses leaves a write without its CSRF defence.
    if (request.hasBearerInsteadOfSystemId && !user?.isLoggedIn) {
      return reply.status(403).send({
        statusCode: 403,
        error: 'FORBIDDEN',
        message: SYSTEM_ID_REQUIRED_MESSAGE,
      });
    }
    if (permission.kind === 'public') {
      return;
    }
    // Issue 18: a student sees only their activities, whatever a route's permission would let a
    // restricted scope do (spec §6 lets any scope satisfy a read requirement).
    if (
      user?.isLoggedIn &&
      isRestrictedOnly(user) &&
      !request.routeOptions.config.isOpenToStudents
    ) {
      return reply.status(403).send({
        statusCode: 403,
        error: 'FORBIDDEN',
        message: roleRequiredMessage('read:ns'),
      });
    }
    const storyfileId = readStoryfileParam(request);
    const resolveStoryfileNamespace = request.server.resolveStoryfileNamespace;
    if (
      permission.kind === 'storyfile' &&
      user?.isLoggedIn &&
      storyfileId !== undefined &&
      resolveStoryfileNamespace
    ) {
      const namespaceId = await resolveStoryfileNamespace(storyfileId);
      // An unknown id and a storyfile of a namespace the user has no scope in answer alike, so
      // ids reveal nothing about other namespaces; with some scope there, the role check decides.
      if (namespaceId === null || !canSeeNamespace(user, namespaceId)) {
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'NOT_FOUND', message: STORYFILE_NOT_FOUND_MESSAGE });
      }
      user = withStoryfileInNamespace(user, storyfileId, namespaceId);
      request.storyfileNamespaceId = namespaceId;
    }
    request.currentUser = user;
    const result = checkRequirement(
      user,
      permission,
      storyfileId === undefined ? {} : { storyfileId },
    );
    if (!result.ok) {
      return reply.status(result.status).send({
        statusCode: result.status,
        error: result.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
        message: result.message,
      });
    }
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route's storyfile: a path parameter, or a query one where the path names none (speech2text). */
function readStoryfileParam(request: FastifyRequest): string | undefined {
  const storyfileParam = request.routeOptions.config.storyfileParam;
  return storyfileParam
    ? ((request.params as Record<string, string> | undefined)?.[storyfileParam] ??
        (request.query as Record<string, string> | undefined)?.[storyfileParam])
    : undefined;
}

/**
 * Cookie-authenticated writes must carry the system identifier header, which a cross-site form
 * cannot set: that is the studio's CSRF defence on top of SameSite cookies. A bearer token may
 * stand in for it only when it authenticates the request (the permission hook checks that once
 * it has resolved the user); any other `Authorization` header (Basic, Digest), which a browser
 * may send by itself to a studio behind a proxy, stands in for nothing (issue 43).
 */
export function installSystemIdCheck(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('hasBearerInsteadOfSystemId')) {
    app.decorateRequest('hasBearerInsteadOfSystemId', false);
  }
  app.addHook('onRequest', async (request, reply) => {
    // needsSystemIdHeader is also what the API documentation declares the header from. The value
    // is checked, not only its presence (issue 30): the header is the console's own (spec §7's
    // fixed system identifier), which a page of another origin cannot send. The matched route
    // decides, not the raw URL: the router decodes `/%761/` to `/v1/` (issue 53).
    if (
      !needsSystemIdHeader(request.method, readRoutedPath(request)) ||
      request.headers[SYSTEM_ID_HEADER] === SYSTEM_ID
    ) {
      return;
    }
    if (readBearerToken(request.headers.authorization)) {
      request.hasBearerInsteadOfSystemId = true;
    } else {
      return reply.status(403).send({
        statusCode: 403,
        error: 'FORBIDDEN',
        message: SYSTEM_ID_REQUIRED_MESSAGE,
      });
    }
  });
}

/** The accept header may name the API version (spec §7: 1.0.3); another version is refused. */
export function installApiVersionCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!readRoutedPath(request).startsWith('/v1/')) {
      return;
    }
    const match = /version=([\w.]+)/.exec(request.headers.accept ?? '');
    if (match && match[1] !== API_VERSION) {
      return reply.status(406).send({
        statusCode: 406,
        error: 'NOT_ACCEPTABLE',
        message: `This server speaks API version ${API_VERSION}; the request asked for ${match[1]}.`,
      });
    }
  });
}

// Optional contract fields read as `Schema | undefined`; the schema, when present, decides.
type Infer<T> = [Exclude<T, undefined>] extends [z.ZodType]
  ? z.infer<Exclude<T, undefined>>
  : undefined;

/**
 * Who a handler serves: anyone (maybe nobody) behind a public contract; behind any other, the
 * signed-in user the permission hook checked, so handlers never test for a missing user.
 */
export type ContractUser<C extends Contract> = C['permission'] extends { kind: 'public' }
  ? CurrentUser | null
  : C['permission'] extends { kind: 'scimToken' }
    ? null
    : CurrentUser;

export type ContractHandler<C extends Contract> = (
  request: FastifyRequest<{
    Params: Infer<C['params']>;
    Querystring: Infer<C['query']>;
    Body: Infer<C['body']>;
  }> & { currentUser: ContractUser<C> },
  reply: FastifyReply,
) => Promise<Infer<C['response']>>;

/** A contract's route config: what the permission hook and the API docs read of it. */
export function contractRouteConfig(contract: Contract) {
  return {
    permission: contract.permission,
    ...(contract.storyfileParam ? { storyfileParam: contract.storyfileParam } : {}),
    ...(contract.isOpenToStudents ? { isOpenToStudents: true } : {}),
    ...(contract.errors ? { errors: contract.errors } : {}),
  };
}

/** A contract's route schema (validation and /docs/json), its response under `status`. */
export function contractRouteSchema(contract: Contract, status: number) {
  return {
    summary: contract.summary,
    ...(contract.tags ? { tags: contract.tags } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: { [status]: contract.response },
  };
}

/** Registers a route from its contract: schemas, permission and OpenAPI meta in one place. */
export function registerContract<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  // SCIM routes serve a token, not a person (request.scimClient, set by the permission hook).
  const isPublic =
    contract.permission.kind === 'public' || contract.permission.kind === 'scimToken';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    config: contractRouteConfig(contract),
    schema: contractRouteSchema(contract, contract.successStatus ?? 200),
    handler: async (request, reply) => {
      // The permission hook already answered 401 without a user; this keeps ContractUser honest
      // should that hook ever be missing.
      if (!isPublic && !request.currentUser) {
        throw unauthorized(LOGIN_REQUIRED_MESSAGE);
      }
      const result = await handler(request as never, reply);
      if (contract.successStatus) {
        reply.status(contract.successStatus);
      }
      return result;
    },
  });
}
