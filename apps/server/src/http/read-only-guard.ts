import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  canSeeNamespace,
  checkRequirement,
  type CurrentUser,
  type Requirement,
  type Scope,
} from '@conversa/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write whose target storyfile is not a route parameter (the tus creation names it in its
     * metadata) tells the read-only guard which one, so the refusal names the organization's state.
     */
    writeTargetStoryfile?: (request: FastifyRequest) => string | undefined;
    /** The route answers refusals as plain text (tus), not the API's JSON error. */
    answersInPlainText?: boolean;
  }
}

/**
 * Organizations among `namespaceIds` that are read-only, each with the sentence that says why
 * (issue 19: an ended or revoked free trial). Supplied by the promo-codes module via the assembly.
 */
export type FindReadOnlyOrganizations = (
  namespaceIds: readonly string[],
) => Promise<ReadonlyMap<string, string>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Scopes that write an organization's content; read and restricted ones only view and play. */
const WRITE_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['edit:ns', 'owner:ns', 'super_admin']);

function requiredScope(permission: Requirement): Scope | undefined {
  return 'scope' in permission ? permission.scope : undefined;
}

/** The user as a read-only organization sees them: at most a Viewer there. */
export function capScopesIn(user: CurrentUser, readOnly: ReadonlyMap<string, string>): CurrentUser {
  return {
    ...user,
    namespaces: user.namespaces.map((namespace) =>
      readOnly.has(namespace.id)
        ? {
            ...namespace,
            userNamespaces: namespace.userNamespaces.map((grant) =>
              WRITE_SCOPES.has(grant.scope) ? { ...grant, scope: 'read:ns' as const } : grant,
            ),
          }
        : namespace,
    ),
  };
}

/**
 * The one place a read-only organization's content is protected: a gateway step after the
 * permission hook, keyed on the route's declared permission, so a new write route is covered
 * without calling anything. Every write (not GET/HEAD/OPTIONS) of a signed-in user whose route
 * needs an edit/owner scope, or only a sign-in (the tus endpoint), passes here:
 *
 * 1. A known target (the route's storyfile, `writeTargetStoryfile`, or a body's `namespaceId`)
 *    in a read-only organization the user can see: 403 with that organization's sentence.
 * 2. Otherwise the user's write scopes in their read-only organizations drop to Viewer. If the
 *    route's requirement then fails (their only writable place was read-only), the same 403;
 *    if it passes, the handler gets the capped user, so a service's own per-namespace role check
 *    refuses a write that would land in the read-only organization (fail closed).
 *
 * Reads, and writes that only play (asking, with `read:ns`), pass untouched; platform admins'
 * `admin` routes (extending or converting a trial) too.
 */
export function installReadOnlyGuard(
  app: FastifyInstance,
  findReadOnly: FindReadOnlyOrganizations,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const user = request.currentUser;
    const { permission, writeTargetStoryfile, answersInPlainText } = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) || !permission || !user?.isLoggedIn) {
      return;
    }
    const scope = requiredScope(permission);
    const isContentWrite =
      permission.kind === 'loggedIn' || (scope !== undefined && WRITE_SCOPES.has(scope));
    if (!isContentWrite || permission.kind === 'admin') {
      return;
    }
    const targets = new Set<string>();
    if (request.storyfileNamespaceId) {
      targets.add(request.storyfileNamespaceId);
    }
    const declaredStoryfile = writeTargetStoryfile?.(request);
    const resolveStoryfileNamespace = request.server.resolveStoryfileNamespace;
    if (declaredStoryfile && resolveStoryfileNamespace) {
      const namespaceId = await resolveStoryfileNamespace(declaredStoryfile);
      if (namespaceId) {
        targets.add(namespaceId);
      }
    }
    const bodyNamespaceId = (request.body as { namespaceId?: unknown } | undefined)?.namespaceId;
    if (typeof bodyNamespaceId === 'string') {
      targets.add(bodyNamespaceId);
    }
    const candidates = new Set([...targets, ...user.namespaces.map((namespace) => namespace.id)]);
    if (candidates.size === 0) {
      return;
    }
    const readOnly = await findReadOnly([...candidates]);
    if (readOnly.size === 0) {
      return;
    }
    const refuse = (message: string) =>
      answersInPlainText
        ? reply.status(403).type('text/plain; charset=utf-8').send(`${message}\n`)
        : reply.status(403).send({ statusCode: 403, error: 'FORBIDDEN', message });
    for (const namespaceId of targets) {
      const message = readOnly.get(namespaceId);
      // A target the user cannot see is left to the route, which answers it as not found.
      if (message !== undefined && (user.isAdmin || canSeeNamespace(user, namespaceId))) {
        return refuse(message);
      }
    }
    const capped = capScopesIn(user, readOnly);
    const storyfileId = request.storyfileNamespaceId
      ? (request.params as Record<string, string>)[request.routeOptions.config.storyfileParam!]
      : undefined;
    if (!checkRequirement(capped, permission, storyfileId ? { storyfileId } : {}).ok) {
      const own = user.namespaces.find((namespace) => readOnly.has(namespace.id));
      return refuse(readOnly.get(own?.id ?? '') ?? [...readOnly.values()][0]!);
    }
    request.currentUser = capped;
  });
}
