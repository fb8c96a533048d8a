import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, oidcPayloads, userIdentities } from './auth.tables.ts';

type Deleter = Pick<Database, 'delete'>;

/**
 * Ends every studio session of a user and everything the embedded provider holds for them
 * (sessions, grants, access and refresh tokens): their next request and next refresh are refused.
 * Takes the caller's transaction, so access ends together with the change that ended it.
 */
export async function endUserSessions(tx: Deleter, userId: string): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
}

/** Drops a user's links to identity providers (a deleted account signs in nowhere again). */
export async function forgetExternalIdentities(tx: Deleter, userId: string): Promise<void> {
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
}
