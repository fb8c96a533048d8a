import { and, eq, sql } from 'drizzle-orm';
import {
  canGrantScope,
  getDisplayName,
  MEMBER_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  TEAM_NAME_TAKEN_MESSAGE,
  TEAM_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type GrantableScope,
  type Team,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers, teams } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
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
import { isUniqueViolation, uuidArray, type Executor } from './list-helpers.ts';

async function loadTeams(db: Executor, where: ReturnType<typeof sql>): Promise<Team[]> {
  const rows = await db.execute<{
    id: string;
    namespace_id: string;
    label: string;
    name: string;
    scope: GrantableScope | null;
    members: { id: string; firstName: string | null; lastName: string | null; email: string }[];
  }>(sql`
    select t.id, t.namespace_id, n.label, t.name, t.scope,
      coalesce((select json_agg(json_build_object('id', u.id, 'firstName', u.first_name,
          'lastName', u.last_name, 'email', u.email) order by lower(u.email))
        from team_members tm join ${users} u on u.id = tm.user_id
        where tm.team_id = t.id and u.deleted_at is null), '[]'::json) as members
    from teams t join ${namespaces} n on n.id = t.namespace_id
    where ${where}
    order by lower(n.label), lower(t.name)`);
  return rows.rows.map((row) => ({
    id: row.id,
    organizationId: row.namespace_id,
    organizationLabel: row.label,
    name: row.name,
    scope: row.scope,
    members: row.members.map((member) => ({
      id: member.id,
      email: member.email,
      displayName: getDisplayName(member),
    })),
  }));
}

export async function listTeams(
  db: Database,
  user: CurrentUser,
  query: { organizationId?: string | undefined },
): Promise<Team[]> {
  const owned = getOwnedOrganizationIds(user);
  return loadTeams(
    db,
    sql`${owned === 'all' ? sql`true` : sql`t.namespace_id = any(${uuidArray(owned)})`}
      ${query.organizationId ? sql`and t.namespace_id = ${query.organizationId}` : sql``}`,
  );
}

async function getTeam(db: Executor, id: string): Promise<Team> {
  const [team] = await loadTeams(db, sql`t.id = ${id}`);
  if (!team) {
    throw notFound(TEAM_NOT_FOUND_MESSAGE);
  }
  return team;
}

/** The team, if the user owns its organization (else 404: no crossing over). */
async function loadOwnedTeam(db: Executor, user: CurrentUser, id: string) {
  const [row] = await db
    .select({ team: teams, label: namespaces.label })
    .from(teams)
    .innerJoin(namespaces, eq(namespaces.id, teams.namespaceId))
    .where(eq(teams.id, id));
  const owned = getOwnedOrganizationIds(user);
  if (!row || (owned !== 'all' && !owned.includes(row.team.namespaceId))) {
    throw notFound(TEAM_NOT_FOUND_MESSAGE);
  }
  return row;
}

function assertMayGrant(
  user: CurrentUser,
  organizationId: string,
  scope: GrantableScope | null,
): void {
  if (
    scope &&
    !canGrantScope({ isAdmin: user.isAdmin, held: getHeldScope(user, organizationId) }, scope)
  ) {
    throw forbidden(roleRequiredMessage('owner:ns'));
  }
}

function rethrowName(error: unknown): never {
  if (isUniqueViolation(error, 'teams_namespace_name_key')) {
    throw conflict(TEAM_NAME_TAKEN_MESSAGE);
  }
  throw error;
}

export async function createTeam(
  db: Database,
  user: CurrentUser,
  organizationId: string,
  input: { name: string; scope: GrantableScope | null },
): Promise<Team> {
  await assertOrganizationOwner(db, user, organizationId);
  assertMayGrant(user, organizationId, input.scope);
  const id = await db
    .transaction(async (tx) => {
      const [organization] = await tx
        .select({ label: namespaces.label })
        .from(namespaces)
        .where(eq(namespaces.id, organizationId));
      const [created] = await tx
        .insert(teams)
        .values({ namespaceId: organizationId, name: input.name, scope: input.scope })
        .returning({ id: teams.id });
      await recordAuditEvent(tx, user, {
        organization: { id: organizationId, label: organization!.label },
        action: 'team.created',
        targetType: 'team',
        targetId: created!.id,
        targetLabel: input.name,
        after: { name: input.name, scope: input.scope },
      });
      return created!.id;
    })
    .catch(rethrowName);
  return getTeam(db, id);
}

export async function updateTeam(
  db: Database,
  user: CurrentUser,
  id: string,
  input: { name?: string | undefined; scope?: GrantableScope | null | undefined },
): Promise<Team> {
  const { team, label } = await loadOwnedTeam(db, user, id);
  if (input.scope !== undefined) {
    assertMayGrant(user, team.namespaceId, input.scope);
    assertMayGrant(user, team.namespaceId, team.scope);
  }
  await db
    .transaction(async (tx) => {
      const ownersBefore = await lockOrganization(tx, team.namespaceId);
      const next = {
        name: input.name ?? team.name,
        scope: input.scope === undefined ? team.scope : input.scope,
      };
      await tx
        .update(teams)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(teams.id, id));
      await recordAuditEvent(tx, user, {
        organization: { id: team.namespaceId, label },
        action:
          input.name !== undefined && input.name !== team.name
            ? 'team.renamed'
            : 'team.scope_changed',
        targetType: 'team',
        targetId: id,
        targetLabel: next.name,
        before: { name: team.name, scope: team.scope },
        after: next,
      });
      // Taking owner away from a team can take it from the last owner.
      await assertOwnerRemains(tx, team.namespaceId, ownersBefore);
    })
    .catch(rethrowName);
  return getTeam(db, id);
}

export async function deleteTeam(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ id: string }> {
  const { team, label } = await loadOwnedTeam(db, user, id);
  assertMayGrant(user, team.namespaceId, team.scope);
  await db.transaction(async (tx) => {
    const ownersBefore = await lockOrganization(tx, team.namespaceId);
    await tx.delete(teams).where(eq(teams.id, id));
    await recordAuditEvent(tx, user, {
      organization: { id: team.namespaceId, label },
      action: 'team.deleted',
      targetType: 'team',
      targetId: id,
      targetLabel: team.name,
      before: { name: team.name, scope: team.scope },
    });
    await assertOwnerRemains(tx, team.namespaceId, ownersBefore);
  });
  return { id };
}

async function loadTeamMemberTarget(tx: Executor, organizationId: string, userId: string) {
  const [member] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(userNamespaces)
    .innerJoin(users, eq(users.id, userNamespaces.userId))
    .where(
      and(
        eq(userNamespaces.namespaceId, organizationId),
        eq(userNamespaces.userId, userId),
        sql`${users.deletedAt} is null`,
      ),
    );
  if (!member) {
    throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }
  return member;
}

/** Adds a member of the team's own organization; the team's scope then counts for them. */
export async function setTeamMembership(
  db: Database,
  user: CurrentUser,
  id: string,
  userId: string,
  isMember: boolean,
): Promise<Team> {
  const { team, label } = await loadOwnedTeam(db, user, id);
  assertMayGrant(user, team.namespaceId, team.scope);
  await db.transaction(async (tx) => {
    const ownersBefore = await lockOrganization(tx, team.namespaceId);
    const member = await loadTeamMemberTarget(tx, team.namespaceId, userId);
    const changed = isMember
      ? await tx
          .insert(teamMembers)
          .values({ teamId: id, userId })
          .onConflictDoNothing()
          .returning()
      : await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, userId)))
          .returning();
    if (changed.length > 0) {
      await recordAuditEvent(tx, user, {
        organization: { id: team.namespaceId, label },
        action: isMember ? 'team.member_added' : 'team.member_removed',
        targetType: 'user',
        targetId: userId,
        targetLabel: getDisplayName(member),
        before: isMember ? null : { team: team.name },
        after: isMember ? { team: team.name } : null,
      });
    }
    await assertOwnerRemains(tx, team.namespaceId, ownersBefore);
  });
  return getTeam(db, id);
}
