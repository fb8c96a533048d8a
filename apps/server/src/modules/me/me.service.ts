import { and, asc, eq, sql } from 'drizzle-orm';
import { AUTH_ME_STORYFILES_PER_NAMESPACE, type CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../../db/schema.ts';
import { findUserById } from '../users/index.ts';

/** Builds the answer of auth/me (spec §3 Current user) for a signed-in user. */
export async function getCurrentUser(
  db: Database,
  userId: string,
): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  if (!user) {
    return undefined;
  }
  // An admin passes every role check (spec §6), so every namespace is theirs to work in: they are
  // all listed, with the admin's own scope where they hold one, so that screens offering a choice
  // of namespace (create a storyfile, a topic, a script) offer them all.
  const memberships = user.isAdmin
    ? await db
        .select({
          id: namespaces.id,
          label: namespaces.label,
          attributes: namespaces.attributes,
          scope: userNamespaces.scope,
        })
        .from(namespaces)
        .leftJoin(
          userNamespaces,
          and(eq(userNamespaces.namespaceId, namespaces.id), eq(userNamespaces.userId, userId)),
        )
        .orderBy(asc(namespaces.label))
    : await db
        .select({
          id: namespaces.id,
          label: namespaces.label,
          attributes: namespaces.attributes,
          scope: userNamespaces.scope,
        })
        .from(userNamespaces)
        .innerJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
        .where(eq(userNamespaces.userId, userId))
        .orderBy(asc(namespaces.label));
  const storyfileIds = await listStoryfileIdsByNamespace(
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
      userNamespaces: membership.scope === null ? [] : [{ scope: membership.scope }],
      storyfileNamespaces: (storyfileIds.get(membership.id) ?? []).map((storyfileId) => ({
        storyfileId,
      })),
    })),
  };
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
