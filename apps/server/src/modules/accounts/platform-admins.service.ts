import { eq, sql } from 'drizzle-orm';
import { getDisplayName, LAST_PLATFORM_ADMIN_MESSAGE, type CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { updateUser } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from './audit.service.ts';
import type { Executor } from './list-helpers.ts';

/**
 * Serialises changes to who is a platform admin, so two admins revoking each other at once cannot
 * both pass the count below. A transaction-scoped advisory lock: there is no row that stands for
 * "the platform" to lock.
 */
export async function lockPlatformAdmins(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounts.platform_admins'))`);
}

/** The studio always keeps a platform admin: run after a change, inside its transaction. */
export async function assertPlatformAdminRemains(tx: Executor): Promise<void> {
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
