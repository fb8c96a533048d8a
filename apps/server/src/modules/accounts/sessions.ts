import { sql } from 'drizzle-orm';
import type { Executor } from './list-helpers.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * What auth does when a person loses access: it owns sessions and identity links, and sits above
 * accounts (it asks accounts who may sign in), so the assembly hands its functions in. Each takes
 * the caller's transaction.
 */
export interface SignInRevoker {
  /** Ends every studio session of a user and everything the provider holds for them. */
  endUserSessions(tx: Executor, userId: string): Promise<void>;
  /** Drops a user's links to identity providers. */
  forgetExternalIdentities(tx: Executor, userId: string): Promise<void>;
}

/**
 * Whether a user may use the studio at all: not deleted, and a platform admin, or (not
 * deprovisioned by their only organization's SCIM) a member of no organization yet, or active in
 * at least one. Someone suspended everywhere is refused.
 */
export async function isUserAllowed(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute<{ allowed: boolean }>(sql`
    select u.deleted_at is null and (
      u.is_admin
      or u.deprovisioned_at is null and not exists (select 1 from ${userNamespaces} un where un.user_id = u.id)
      or exists (select 1 from ${userNamespaces} un where un.user_id = u.id and un.suspended_at is null)
    ) as allowed
    from ${users} u where u.id = ${userId}`);
  return result.rows[0]?.allowed === true;
}
