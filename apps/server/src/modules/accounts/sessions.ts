import { sql } from 'drizzle-orm';
import type { Executor } from './list-helpers.ts';

/**
 * Ends every studio session of a user and everything the embedded provider holds for them
 * (sessions, grants, access and refresh tokens): their next request and next refresh are refused.
 */
export async function endUserSessions(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`delete from auth_sessions where user_id = ${userId}`);
  await tx.execute(sql`delete from oidc_payloads where payload->>'accountId' = ${userId}`);
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
      or u.deprovisioned_at is null and not exists (select 1 from user_namespaces un where un.user_id = u.id)
      or exists (select 1 from user_namespaces un where un.user_id = u.id and un.suspended_at is null)
    ) as allowed
    from users u where u.id = ${userId}`);
  return result.rows[0]?.allowed === true;
}
