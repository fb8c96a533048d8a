import { eq } from 'drizzle-orm';
import { getDisplayName, type CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { removeMemberships } from '../namespaces/index.ts';
import { anonymizeUser } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { notFound } from '../../http/errors.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { assertPlatformAdminRemains, lockPlatformAdmins } from './platform-admins.service.ts';
import type { SignInRevoker } from './sessions.ts';

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
    const ownersBefore = new Map<string, number>();
    for (const membership of memberships) {
      ownersBefore.set(membership.id, await lockOrganization(tx, membership.id));
    }
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    await removeMemberships(tx, { userId });
    await revoker.forgetExternalIdentities(tx, userId);
    if (target.isAdmin) {
      await lockPlatformAdmins(tx);
    }
    await anonymizeUser(tx, userId);
    for (const membership of memberships) {
      await assertOwnerRemains(tx, membership.id, ownersBefore.get(membership.id) ?? 0);
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
