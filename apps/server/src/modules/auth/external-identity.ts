import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userIdentities } from './auth.tables.ts';
import { unauthorized } from '../../http/errors.ts';
import { createUser, findUserByEmail, findUserById, type User } from '../users/index.ts';

export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  isEmailVerified: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * Finds the local user for an account at an issuer: by a link made earlier, else by verified email
 * (and links it), else creates the user. An unverified email never links to an existing account,
 * since that would let anyone who can register the address at the issuer take it over.
 */
export async function resolveExternalIdentity(
  db: Database,
  identity: ExternalIdentity,
): Promise<User> {
  const [link] = await db
    .select()
    .from(userIdentities)
    .where(
      and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)),
    );
  if (link) {
    const linked = await findUserById(db, link.userId);
    if (linked) {
      return linked;
    }
  }
  if (!identity.email || !identity.isEmailVerified) {
    throw unauthorized(
      'Your identity provider did not share a verified email address, so we cannot sign you in.',
    );
  }
  const user =
    (await findUserByEmail(db, identity.email)) ??
    (await createUser(db, {
      email: identity.email,
      ...(identity.firstName ? { firstName: identity.firstName } : {}),
      ...(identity.lastName ? { lastName: identity.lastName } : {}),
    }));
  await db
    .insert(userIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, userId: user.id })
    .onConflictDoNothing();
  return user;
}
