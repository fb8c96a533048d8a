import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUTH_ME_STORYFILES_PER_NAMESPACE,
  getHighestScope,
  getProductAccessGroups,
  type CurrentUser,
  type ProductAccessGroup,
  type GrantableScope,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { getTrialFlags, listRunningTrialStoryfiles } from '../promo-codes/index.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import {
  learningActivities,
  learningActivityStoryfiles,
  learningAssignments,
} from '../learning/learning.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Builds the answer of auth/me (spec §3 Current user) for a signed-in user. Every authenticated
 * request resolves its user through this or `getCurrentUserBySession` (`withStoryfiles: false`):
 * permission checks never read `storyfileNamespaces` (the gateway resolves the one storyfile a
 * request names), so only auth/me pays for that list (`addStoryfileNamespaces`). The user, the
 * memberships and the team scopes come in one statement (`selectCurrentUser`): under load every
 * round trip also waits for a CPU, and a request used to make three before its handler.
 */
export async function getCurrentUser(
  db: Database,
  userId: string,
  options: { withStoryfiles?: boolean } = {},
): Promise<CurrentUser | undefined> {
  if (!z.uuid().safeParse(userId).success) {
    return undefined;
  }
  const row = await selectCurrentUser(
    db,
    'current-user-by-id',
    sql`select ${userId}::uuid as user_id, null::float8 as access_expires_ms`,
  );
  if (!row) {
    return undefined;
  }
  const user = presentCurrentUser(row);
  return user && options.withStoryfiles !== false ? addStoryfileNamespaces(db, user) : user;
}

/**
 * The user of a session in the same single statement as `getCurrentUser`, session included:
 * undefined for an unknown session, an expired access token (the browser refreshes and retries), a
 * deleted user or one suspended everywhere. Without storyfiles. `session` is auth's statement that
 * answers the session's `user_id` and `access_expires_ms` (auth owns the sessions and sits above
 * this module, so it hands its query in: the same text for every session, only the parameter
 * changes, as the prepared statement needs).
 */
export async function getCurrentUserBySession(
  db: Database,
  session: SQL,
): Promise<CurrentUser | undefined> {
  const row = await selectCurrentUser(db, 'current-user-by-session', session);
  if (!row || row.access_expires_ms === null || Number(row.access_expires_ms) <= Date.now()) {
    return undefined;
  }
  return presentCurrentUser(row);
}

interface CurrentUserRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  is_deleted: boolean;
  is_deprovisioned: boolean;
  access_expires_ms: number | string | null;
  memberships: {
    id: string;
    label: string;
    attributes: CurrentUser['namespaces'][number]['attributes'];
    scope: string | null;
  }[];
  team_scopes: [string, GrantableScope][];
  has_membership_rows: boolean;
}

/**
 * One statement: the user `who` names (a session, or a user id), their memberships (an admin's
 * are every namespace, with the admin's own scope where they hold one, so that screens offering
 * a choice of namespace offer them all), their teams' scopes, and whether they hold any
 * membership row at all (a suspended one included). Memberships are ordered by label, in the
 * database's collation, as the list screens order namespaces.
 *
 * It runs as a named prepared statement (`name`; the text is the same for every user, only the
 * parameter changes): every authenticated request runs it before its handler, and PostgreSQL
 * spent longer planning its subqueries (~0.5 ms) than running them (0.15-0.35 ms, `bench:lists`'s
 * data). On each pooled connection, after five custom plans PostgreSQL keeps a generic one:
 * planning then takes ~0.015 ms. The answer is the same; only the plan is reused.
 */
async function selectCurrentUser(
  db: Database,
  name: string,
  who: SQL,
): Promise<CurrentUserRow | undefined> {
  const [row] = await queryPrepared<CurrentUserRow>(
    db,
    name,
    sql`
    with who as (${who})
    select u.id, u.email, u.first_name, u.last_name, u.is_admin,
      u.deleted_at is not null as is_deleted,
      u.deprovisioned_at is not null as is_deprovisioned,
      who.access_expires_ms,
      case when u.is_admin then (
        select coalesce(json_agg(json_build_object(
          'id', n.id, 'label', n.label, 'attributes', n.attributes, 'scope', un.scope
        ) order by n.label), '[]'::json)
        from ${namespaces} n
        left join ${userNamespaces} un
          on un.namespace_id = n.id and un.user_id = u.id and un.suspended_at is null
      ) else (
        select coalesce(json_agg(json_build_object(
          'id', n.id, 'label', n.label, 'attributes', n.attributes, 'scope', un.scope
        ) order by n.label), '[]'::json)
        from ${userNamespaces} un
        join ${namespaces} n on n.id = un.namespace_id
        where un.user_id = u.id and un.suspended_at is null
      ) end as memberships,
      (
        select coalesce(json_agg(json_build_array(t.namespace_id, t.scope)), '[]'::json)
        from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
        where tm.user_id = u.id and t.scope is not null
      ) as team_scopes,
      exists (select 1 from ${userNamespaces} any_un where any_un.user_id = u.id)
        as has_membership_rows
    from who join ${users} u on u.id = who.user_id`,
  );
  return row;
}

function presentCurrentUser(row: CurrentUserRow): CurrentUser | undefined {
  if (row.is_deleted) {
    return undefined;
  }
  // Suspended everywhere: refused at once (the resolver answers 401), not shown an empty studio.
  if (
    !row.is_admin &&
    row.memberships.length === 0 &&
    (row.has_membership_rows || row.is_deprovisioned)
  ) {
    return undefined;
  }
  const teamScopes = new Map<string, GrantableScope[]>();
  for (const [namespaceId, scope] of row.team_scopes) {
    teamScopes.set(namespaceId, [...(teamScopes.get(namespaceId) ?? []), scope]);
  }
  return {
    isAdmin: row.is_admin,
    isLoggedIn: true,
    iam: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    namespaces: row.memberships.map((membership) => ({
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
                  ]) ?? (membership.scope as GrantableScope),
              },
            ],
      storyfileNamespaces: [],
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
      select s.id from ${storyfiles} s
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

/**
 * For namespaces where the user is a student (restricted only): the live storyfiles of the
 * activities assigned to them, directly or through a team, and nothing else of the namespace
 * (issue 43: a student's auth/me listed every storyfile id of it).
 */
async function listAssignedStoryfileIds(
  db: Database,
  userId: string,
  namespaceIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byNamespace = new Map<string, string[]>();
  if (namespaceIds.length === 0) {
    return byNamespace;
  }
  const result = await db.execute<{ namespace_id: string; id: string }>(sql`
    select distinct a.namespace_id, s.id
    from ${learningAssignments} asg
    join ${learningActivities} a on a.id = asg.activity_id
    join ${learningActivityStoryfiles} las on las.activity_id = a.id
    join ${storyfiles} s on s.id = las.storyfile_id and s.deleted_at is null
    where a.namespace_id = any(${sql.param([...namespaceIds])}::uuid[])
      and (asg.user_id = ${userId}
        or asg.team_id in (select tm.team_id from ${teamMembers} tm where tm.user_id = ${userId}))
    order by s.id`);
  for (const row of result.rows) {
    const ids = byNamespace.get(row.namespace_id) ?? [];
    ids.push(row.id);
    byNamespace.set(row.namespace_id, ids);
  }
  return byNamespace;
}

/** Live storyfiles of an organization: what a trial's storyfile limit counts (media's trialUsage). */
const countLiveStoryfiles = (namespaceId: SQL) =>
  sql`(select count(*)::int from ${storyfiles} s
    where s.namespace_id = ${namespaceId} and s.deleted_at is null)`;

/** The user resolved without storyfiles (`withStoryfiles: false`), completed for auth/me. */
export async function addStoryfileNamespaces(
  db: Database,
  user: CurrentUser,
): Promise<CurrentUser> {
  const namespaceIds = user.namespaces.map((namespace) => namespace.id);
  // Where the user's scope is the student's (restricted), which spec §6 lets satisfy reads.
  const studentOf = user.isAdmin
    ? []
    : user.namespaces
        .filter((namespace) => namespace.userNamespaces[0]?.scope === 'restricted:ns')
        .map((namespace) => namespace.id);
  const [readable, assigned, trials] = await Promise.all([
    listStoryfileIdsByNamespace(
      db,
      namespaceIds.filter((id) => !studentOf.includes(id)),
    ),
    listAssignedStoryfileIds(db, user.iam, studentOf),
    // Only organizations the user belongs to (an admin lists every one).
    listRunningTrialStoryfiles(
      db,
      { countStoryfiles: countLiveStoryfiles },
      user.namespaces
        .filter((namespace) => namespace.userNamespaces.length > 0)
        .map((namespace) => namespace.id),
    ),
  ]);
  const storyfileIds = new Map([...readable, ...assigned]);
  return {
    ...user,
    namespaces: user.namespaces.map((namespace) => {
      const trial = trials.get(namespace.id);
      return {
        ...namespace,
        storyfileNamespaces: (storyfileIds.get(namespace.id) ?? []).map((storyfileId) => ({
          storyfileId,
        })),
        ...(trial === undefined ? {} : { trial }),
      };
    }),
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
