import { sql } from 'drizzle-orm';
import { getNamespaceAccess, assertNamespaceRole, type Executor } from '../lists/index.ts';
import {
  LAST_OWNER_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type Scope,
} from '@conversa/contracts';
import { conflict, notFound } from '../../http/errors.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * The organizations whose accounts the user administers: every one for a platform admin, else
 * those where they are an owner. Nobody sees or changes another organization's people (no
 * crossing over): an id outside this set answers 404, as if it did not exist.
 */
export function getOwnedOrganizationIds(user: CurrentUser): 'all' | string[] {
  return getNamespaceAccess(user).owned;
}

/** 404 for an organization the user cannot see, 403 with the role message below owner. */
export async function assertOrganizationOwner(
  db: Executor,
  user: CurrentUser,
  organizationId: string,
): Promise<void> {
  assertNamespaceRole(user, organizationId, 'owner:ns', ORGANIZATION_NOT_FOUND_MESSAGE);
  if (user.isAdmin) {
    const result = await db.execute(sql`select 1 from ${namespaces} where id = ${organizationId}`);
    if (result.rows.length === 0) {
      throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    }
  }
}

/** The user's own scope in an organization as the rules see it (effective, teams included). */
export function getHeldScope(user: CurrentUser, organizationId: string): Scope | undefined {
  return user.namespaces.find((namespace) => namespace.id === organizationId)?.userNamespaces[0]
    ?.scope;
}

/**
 * Serialises membership changes of one organization, so two owners cannot demote each other at
 * once. Answers its active owners before the change, which `assertOwnerRemains` needs.
 */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<number> {
  await tx.execute(sql`select id from ${namespaces} where id = ${organizationId} for update`);
  return countActiveOwners(tx, organizationId);
}

/**
 * Active owners of an organization: members not suspended, accounts not deleted, holding owner
 * themselves or through a team. Counted inside the changing transaction, after the change.
 */
export async function countActiveOwners(tx: Executor, organizationId: string): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count
    from ${userNamespaces} un
    join ${users} u on u.id = un.user_id
    where un.namespace_id = ${organizationId}
      and un.suspended_at is null
      and u.deleted_at is null
      and (un.scope = 'owner:ns' or exists (
        select 1 from team_members tm join teams t on t.id = tm.team_id
        where tm.user_id = un.user_id and t.namespace_id = un.namespace_id and t.scope = 'owner:ns'))`);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The last-owner rule: run after a change, inside its transaction; throws (rolls back) when the
 * change took away the last active owner. An organization that had none before (made by the
 * operator CLI, or whose last owner's account was deleted) is not held to it: a change that takes
 * no owner away is never refused for want of one (issue 68).
 */
export async function assertOwnerRemains(
  tx: Executor,
  organizationId: string,
  ownersBefore: number,
): Promise<void> {
  if (ownersBefore > 0 && (await countActiveOwners(tx, organizationId)) === 0) {
    throw conflict(LAST_OWNER_MESSAGE);
  }
}
