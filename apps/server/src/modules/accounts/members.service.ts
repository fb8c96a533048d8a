import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  canGrantScope,
  getDisplayName,
  getHighestScope,
  LAST_PLATFORM_ADMIN_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  type CurrentUser,
  type GrantableScope,
  type ListMembersQuery,
  type Member,
  type MemberStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { removeMemberships, updateMembership } from '../namespaces/index.ts';
import { anonymizeUser, updateUser } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import {
  assertOrganizationOwner,
  assertOwnerRemains,
  getHeldScope,
  getOwnedOrganizationIds,
  lockOrganization,
} from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import {
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  joinConditions,
  runListQueries,
  toIsoTimestampOrNull,
  uuidArray,
  type Executor,
  type ListPage,
} from './list-helpers.ts';
import type { SignInRevoker } from './sessions.ts';

type MemberRow = {
  kind: 'member' | 'invitation';
  id: string;
  namespace_id: string;
  namespace_label: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  scope: GrantableScope;
  status: MemberStatus;
  is_admin: boolean;
  last_sign_in_at: Date | string | null;
};

const DISPLAY_NAME = sql.raw(
  `coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email)`,
);

function buildMembersSource(owned: 'all' | string[]): SQL {
  const scope = owned === 'all' ? sql`true` : sql`n.id = any(${uuidArray(owned)})`;
  return sql`(
    select 'member' as kind, u.id::text as id, n.id as namespace_id, n.label as namespace_label,
      u.first_name, u.last_name, u.email, un.scope,
      case when un.suspended_at is null then 'active' else 'suspended' end as status,
      u.is_admin, u.last_sign_in_at
    from ${userNamespaces} un
    join ${users} u on u.id = un.user_id and u.deleted_at is null
    join ${namespaces} n on n.id = un.namespace_id
    where ${scope}
    union all
    select 'invitation', i.id::text, n.id, n.label, null, null, i.email, i.scope, 'invited', false, null
    from invitations i join ${namespaces} n on n.id = i.namespace_id
    where i.status = 'pending' and i.expires_at > now() and ${scope}
  ) as m`;
}

type TeamLink = {
  user_id: string;
  namespace_id: string;
  id: string;
  name: string;
  scope: GrantableScope | null;
};

async function loadTeams(db: Executor, userIds: string[]): Promise<TeamLink[]> {
  if (userIds.length === 0) {
    return [];
  }
  const result = await db.execute<TeamLink>(sql`
    select tm.user_id, t.namespace_id, t.id, t.name, t.scope
    from team_members tm join teams t on t.id = tm.team_id
    where tm.user_id = any(${uuidArray(userIds)}) order by lower(t.name)`);
  return result.rows;
}

function presentMember(row: MemberRow, teams: TeamLink[]): Member {
  const own = teams.filter(
    (team) => team.user_id === row.id && team.namespace_id === row.namespace_id,
  );
  return {
    id: row.id,
    kind: row.kind,
    organizationId: row.namespace_id,
    organizationLabel: row.namespace_label,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    displayName: getDisplayName({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    }),
    scope: row.scope,
    effectiveScope: getHighestScope([row.scope, ...own.map((team) => team.scope)]) ?? row.scope,
    teams: own.map((team) => ({ id: team.id, name: team.name })),
    status: row.status,
    isAdmin: row.is_admin,
    lastSignInAt: toIsoTimestampOrNull(row.last_sign_in_at),
  };
}

/** Members and invited people of the organizations the viewer owns, §5 search, paged in SQL. */
export async function listMembers(
  db: Database,
  user: CurrentUser,
  query: ListMembersQuery,
): Promise<ListPage<Member>> {
  const owned = getOwnedOrganizationIds(user);
  if (query.organizationId && owned !== 'all' && !owned.includes(query.organizationId)) {
    return { items: [], page: query.page, pageSize: query.pageSize, total: 0, pageCount: 1 };
  }
  const source = buildMembersSource(owned);
  const fields = query.searchOptions.map((field) =>
    field === 'name'
      ? (pattern: string) => sql`${DISPLAY_NAME} ilike ${pattern}`
      : (pattern: string) => sql`email ilike ${pattern}`,
  );
  const where = joinConditions([
    query.organizationId ? sql`namespace_id = ${query.organizationId}` : undefined,
    query.status ? sql`status = ${query.status}` : undefined,
    query.scope ? sql`scope = ${query.scope}` : undefined,
    buildSearchCondition(query.search, fields),
  ]);
  const orderBy =
    query.sort === 'lastSignInAt'
      ? buildPlainOrder(sql`last_sign_in_at`, query.order)
      : buildNaturalOrder(query.sort === 'email' ? sql`email` : DISPLAY_NAME, query.order);
  const page = await runListQueries<MemberRow, MemberRow>(
    db,
    {
      count: sql`select count(*)::int as total from ${source} where ${where}`,
      page: sql`select * from ${source} where ${where}
        order by ${sql.join([...orderBy, sql`namespace_label`, sql`id`], sql`, `)} ${buildPageLimit(query)}`,
    },
    query,
    (row) => row,
  );
  const teams = await loadTeams(
    db,
    page.items.filter((row) => row.kind === 'member').map((row) => row.id),
  );
  return { ...page, items: page.items.map((row) => presentMember(row, teams)) };
}

async function getMember(db: Executor, organizationId: string, userId: string): Promise<Member> {
  const result = await db.execute<MemberRow>(sql`
    select * from ${buildMembersSource([organizationId])}
    where kind = 'member' and id = ${userId}`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }
  return presentMember(row, await loadTeams(db, [userId]));
}

async function loadMembership(tx: Executor, organizationId: string, userId: string) {
  const [row] = await tx
    .select({
      scope: userNamespaces.scope,
      suspendedAt: userNamespaces.suspendedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      label: namespaces.label,
    })
    .from(userNamespaces)
    .innerJoin(users, eq(users.id, userNamespaces.userId))
    .innerJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
    .where(
      and(
        eq(userNamespaces.namespaceId, organizationId),
        eq(userNamespaces.userId, userId),
        sql`${users.deletedAt} is null`,
      ),
    );
  if (!row) {
    throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }
  return row;
}

/**
 * No escalation: an owner may not grant, or take away, a scope above their own; changing an owner
 * needs owner. Platform admins pass.
 */
function assertMayManage(
  user: CurrentUser,
  organizationId: string,
  scopes: GrantableScope[],
): void {
  const held = getHeldScope(user, organizationId);
  for (const scope of scopes) {
    if (!canGrantScope({ isAdmin: user.isAdmin, held }, scope)) {
      throw forbidden(roleRequiredMessage('owner:ns'));
    }
  }
}

/** Changes a member's role and/or suspends or reactivates them; the last active owner stays. */
export async function updateMember(
  db: Database,
  revoker: SignInRevoker,
  user: CurrentUser,
  organizationId: string,
  userId: string,
  input: { scope?: GrantableScope | undefined; isSuspended?: boolean | undefined },
): Promise<Member> {
  await assertOrganizationOwner(db, user, organizationId);
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const current = await loadMembership(tx, organizationId, userId);
    const target = {
      email: current.email,
      firstName: current.firstName,
      lastName: current.lastName,
    };
    const organization = { id: organizationId, label: current.label };
    assertMayManage(user, organizationId, [
      current.scope as GrantableScope,
      ...(input.scope ? [input.scope] : []),
    ]);
    if (input.scope !== undefined && input.scope !== current.scope) {
      await updateMembership(tx, { namespaceId: organizationId, userId }, { scope: input.scope });
      await recordAuditEvent(tx, user, {
        organization,
        action: 'member.role_changed',
        targetType: 'user',
        targetId: userId,
        targetLabel: getDisplayName(target),
        before: { scope: current.scope },
        after: { scope: input.scope },
      });
    }
    const isSuspended = current.suspendedAt !== null;
    if (input.isSuspended !== undefined && input.isSuspended !== isSuspended) {
      await updateMembership(
        tx,
        { namespaceId: organizationId, userId },
        { suspendedAt: input.isSuspended ? new Date() : null },
      );
      await recordAuditEvent(tx, user, {
        organization,
        action: input.isSuspended ? 'member.suspended' : 'member.reactivated',
        targetType: 'user',
        targetId: userId,
        targetLabel: getDisplayName(target),
        before: { status: isSuspended ? 'suspended' : 'active' },
        after: { status: input.isSuspended ? 'suspended' : 'active' },
      });
      if (input.isSuspended) {
        // Sessions end at once: the person signs in again and keeps any other organization.
        await revoker.endUserSessions(tx, userId);
      }
    }
    await assertOwnerRemains(tx, organizationId);
  });
  return getMember(db, organizationId, userId);
}

/** Removes a member (and their team places there) from an organization; the account stays. */
export async function removeMember(
  db: Database,
  revoker: SignInRevoker,
  user: CurrentUser,
  organizationId: string,
  userId: string,
): Promise<{ userId: string }> {
  await assertOrganizationOwner(db, user, organizationId);
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const current = await loadMembership(tx, organizationId, userId);
    assertMayManage(user, organizationId, [current.scope as GrantableScope]);
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, userId),
          sql`${teamMembers.teamId} in (select id from teams where namespace_id = ${organizationId})`,
        ),
      );
    await removeMemberships(tx, { namespaceId: organizationId, userId });
    await recordAuditEvent(tx, user, {
      organization: { id: organizationId, label: current.label },
      action: 'member.removed',
      targetType: 'user',
      targetId: userId,
      targetLabel: getDisplayName(current),
      before: { scope: current.scope },
      after: null,
    });
    await assertOwnerRemains(tx, organizationId);
    await revoker.endUserSessions(tx, userId);
  });
  return { userId };
}

/**
 * Deletes an account (platform admins): name and email are anonymised, password and links to
 * identity providers dropped, memberships and teams removed, sessions ended. Storyfiles and chat
 * logs stay, as do audit events (which keep the email they were written with). Refused where it
 * would leave an organization without an active owner.
 */
export async function deleteUserAccount(
  db: Database,
  revoker: SignInRevoker,
  user: CurrentUser,
  userId: string,
): Promise<{ userId: string }> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target || target.deletedAt) {
      throw notFound('User not found.');
    }
    const memberships = await tx
      .select({ id: namespaces.id, label: namespaces.label, scope: userNamespaces.scope })
      .from(userNamespaces)
      .innerJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
      .where(eq(userNamespaces.userId, userId));
    for (const membership of memberships) {
      await lockOrganization(tx, membership.id);
    }
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    await removeMemberships(tx, { userId });
    await revoker.forgetExternalIdentities(tx, userId);
    if (target.isAdmin) {
      await lockPlatformAdmins(tx);
    }
    await anonymizeUser(tx, userId);
    for (const membership of memberships) {
      await assertOwnerRemains(tx, membership.id);
    }
    await assertPlatformAdminRemains(tx);
    await recordAuditEvent(tx, user, {
      organization: memberships[0] ? { id: memberships[0].id, label: memberships[0].label } : null,
      action: 'user.deleted',
      targetType: 'user',
      targetId: userId,
      targetLabel: getDisplayName(target),
      before: {
        email: target.email,
        organizations: memberships.map((membership) => ({
          label: membership.label,
          scope: membership.scope,
        })),
      },
      after: null,
    });
    await revoker.endUserSessions(tx, userId);
  });
  return { userId };
}

/**
 * Serialises changes to who is a platform admin, so two admins revoking each other at once cannot
 * both pass the count below. A transaction-scoped advisory lock: there is no row that stands for
 * "the platform" to lock.
 */
async function lockPlatformAdmins(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounts.platform_admins'))`);
}

/** The studio always keeps a platform admin: run after a change, inside its transaction. */
async function assertPlatformAdminRemains(tx: Executor): Promise<void> {
  const result = await tx.execute<{ count: number }>(
    sql`select count(*)::int as count from ${users} where is_admin and deleted_at is null`,
  );
  if (Number(result.rows[0]?.count ?? 0) === 0) {
    throw conflict(LAST_PLATFORM_ADMIN_MESSAGE);
  }
}

/**
 * Grants or revokes platform admin. Only platform admins reach this (the contract's `admin`
 * permission answers anyone else with the §5 role message); the last admin cannot step down.
 */
export async function setPlatformAdmin(
  db: Database,
  user: CurrentUser,
  userId: string,
  isAdmin: boolean,
): Promise<{ userId: string; isAdmin: boolean }> {
  await db.transaction(async (tx) => {
    await lockPlatformAdmins(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target || target.deletedAt) {
      throw notFound('User not found.');
    }
    if (target.isAdmin === isAdmin) {
      return;
    }
    await updateUser(tx, userId, { isAdmin });
    await assertPlatformAdminRemains(tx);
    await recordAuditEvent(tx, user, {
      organization: null,
      action: isAdmin ? 'user.admin_granted' : 'user.admin_revoked',
      targetType: 'user',
      targetId: userId,
      targetLabel: getDisplayName(target),
      before: { isAdmin: target.isAdmin },
      after: { isAdmin },
    });
  });
  return { userId, isAdmin };
}
