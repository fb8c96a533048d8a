import { and, eq, sql } from 'drizzle-orm';
import {
  canGrantScope,
  getDisplayName,
  MEMBER_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  type CurrentUser,
  type GrantableScope,
  type Member,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { removeMemberships, updateMembership } from '../namespaces/index.ts';
import { users } from '../users/users.tables.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  assertOrganizationOwner,
  assertOwnerRemains,
  getHeldScope,
  lockOrganization,
} from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import type { Executor } from './list-helpers.ts';
import { getMember } from './members.query.ts';
import type { SignInRevoker } from './sessions.ts';

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
    const ownersBefore = await lockOrganization(tx, organizationId);
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
    await assertOwnerRemains(tx, organizationId, ownersBefore);
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
    const ownersBefore = await lockOrganization(tx, organizationId);
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
    await assertOwnerRemains(tx, organizationId, ownersBefore);
    await revoker.endUserSessions(tx, userId);
  });
  return { userId };
}
