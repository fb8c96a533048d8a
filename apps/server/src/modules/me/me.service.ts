import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  AUTH_ME_STORYFILES_PER_NAMESPACE,
  getHighestScope,
  getProductAccessGroups,
  type CurrentUser,
  type ProductAccessGroup,
  type GrantableScope,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../../db/schema.ts';
import { getTrialFlags } from '../promo-codes/index.ts';
import { findUserById } from '../users/index.ts';

/**
 * Builds the answer of auth/me (spec §3 Current user) for a signed-in user. Every authenticated
 * request resolves its user through this (`withStoryfiles: false`): permission checks never read
 * `storyfileNamespaces` (the gateway resolves the one storyfile a request names), so only auth/me
 * pays for that list (`addStoryfileNamespaces`), and the memberships and team scopes are read at
 * once. Each request thus costs three round trips before its handler (session, user, then
 * memberships beside teams), not five.
 */
export async function getCurrentUser(
  db: Database,
  userId: string,
  options: { withStoryfiles?: boolean } = {},
): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) {
    return undefined;
  }
  // An admin passes every role check (spec §6), so every namespace is theirs to work in: they are
  // all listed, with the admin's own scope where they hold one, so that screens offering a choice
  // of namespace (create a storyfile, a topic, a script) offer them all.
  const membershipsQuery = user.isAdmin
    ? db
        .select({
          id: namespaces.id,
          label: namespaces.label,
          attributes: namespaces.attributes,
          scope: userNamespaces.scope,
        })
        .from(namespaces)
        .leftJoin(
          userNamespaces,
          and(
            eq(userNamespaces.namespaceId, namespaces.id),
            eq(userNamespaces.userId, userId),
            isNull(userNamespaces.suspendedAt),
          ),
        )
        .orderBy(asc(namespaces.label))
    : db
        .select({
          id: namespaces.id,
          label: namespaces.label,
          attributes: namespaces.attributes,
          scope: userNamespaces.scope,
        })
        .from(userNamespaces)
        .innerJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
        .where(and(eq(userNamespaces.userId, userId), isNull(userNamespaces.suspendedAt)))
        .orderBy(asc(namespaces.label));
  const [memberships, teamScopes] = await Promise.all([
    membershipsQuery,
    listTeamScopes(db, userId),
  ]);
  // Suspended everywhere: refused at once (the resolver answers 401), not shown an empty studio.
  if (!user.isAdmin && memberships.length === 0) {
    const suspended = await db
      .select({ id: userNamespaces.namespaceId })
      .from(userNamespaces)
      .where(eq(userNamespaces.userId, userId))
      .limit(1);
    if (suspended.length > 0) {
      return undefined;
    }
  }
  const storyfileIds =
    options.withStoryfiles === false
      ? new Map<string, string[]>()
      : await listStoryfileIdsByNamespace(
          db,
          memberships.map((membership) => membership.id),
        );
  return {
    isAdmin: user.isAdmin,
    isLoggedIn: true,
    iam: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    namespaces: memberships.map((membership) => ({
      id: membership.id,
      label: membership.label,
      attributes: membership.attributes,
      // Effective scope: the highest of the member's own and their teams' (teams count only for
      // active members).
      userNamespaces:
        membership.scope === null
          ? []
          : [
              {
                scope:
                  getHighestScope([
                    membership.scope as GrantableScope,
                    ...(teamScopes.get(membership.id) ?? []),
                  ]) ?? membership.scope,
              },
            ],
      storyfileNamespaces: (storyfileIds.get(membership.id) ?? []).map((storyfileId) => ({
        storyfileId,
      })),
    })),
  };
}

/** The scopes the user's teams grant, per namespace. */
async function listTeamScopes(
  db: Database,
  userId: string,
): Promise<Map<string, GrantableScope[]>> {
  const result = await db.execute<{ namespace_id: string; scope: GrantableScope }>(sql`
    select t.namespace_id, t.scope from team_members tm join teams t on t.id = tm.team_id
    where tm.user_id = ${userId} and t.scope is not null`);
  const byNamespace = new Map<string, GrantableScope[]>();
  for (const row of result.rows) {
    byNamespace.set(row.namespace_id, [...(byNamespace.get(row.namespace_id) ?? []), row.scope]);
  }
  return byNamespace;
}

/**
 * The live storyfiles of each namespace for auth/me (spec §3 storyfileNamespaces), the most
 * recently updated first, at most AUTH_ME_STORYFILES_PER_NAMESPACE each: one indexed range scan
 * per namespace, so a namespace of thousands of storyfiles costs the same as one of a hundred.
 * Permission checks never rely on this list; the gateway resolves the one storyfile a request
 * names (setStoryfileNamespaceResolver), so the cap cannot deny access.
 */
async function listStoryfileIdsByNamespace(
  db: Database,
  namespaceIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byNamespace = new Map<string, string[]>();
  if (namespaceIds.length === 0) {
    return byNamespace;
  }
  const result = await db.execute<{ namespace_id: string; id: string }>(sql`
    select member.id as namespace_id, recent.id
    from unnest(${sql.param([...namespaceIds])}::uuid[]) as member(id)
    cross join lateral (
      select s.id from storyfiles s
      where s.namespace_id = member.id and s.deleted_at is null
      order by s.updated_at desc
      limit ${AUTH_ME_STORYFILES_PER_NAMESPACE}
    ) as recent`);
  for (const row of result.rows) {
    const ids = byNamespace.get(row.namespace_id) ?? [];
    ids.push(row.id);
    byNamespace.set(row.namespace_id, ids);
  }
  return byNamespace;
}

/** The user resolved without storyfiles (`withStoryfiles: false`), completed for auth/me. */
export async function addStoryfileNamespaces(
  db: Database,
  user: CurrentUser,
): Promise<CurrentUser> {
  const storyfileIds = await listStoryfileIdsByNamespace(
    db,
    user.namespaces.map((namespace) => namespace.id),
  );
  return {
    ...user,
    namespaces: user.namespaces.map((namespace) => ({
      ...namespace,
      storyfileNamespaces: (storyfileIds.get(namespace.id) ?? []).map((storyfileId) => ({
        storyfileId,
      })),
    })),
  };
}

/**
 * A user's product-access groups (spec §6) from their effective scopes: what the session answer,
 * the ID token and userinfo carry. None for a user who is refused (deleted, suspended everywhere).
 */
export async function getUserProductAccessGroups(
  db: Database,
  userId: string,
): Promise<ProductAccessGroup[]> {
  const user = await getCurrentUser(db, userId, { withStoryfiles: false });
  if (!user) {
    return [];
  }
  // Only organizations the user belongs to: an admin lists every one without a scope in it.
  const flags = await getTrialFlags(
    db,
    user.namespaces
      .filter((namespace) => namespace.userNamespaces.length > 0)
      .map((namespace) => namespace.id),
  );
  return getProductAccessGroups({
    scopes: user.namespaces.flatMap((namespace) =>
      namespace.userNamespaces.map((entry) => entry.scope),
    ),
    isAdmin: user.isAdmin,
    ...flags,
  });
}
