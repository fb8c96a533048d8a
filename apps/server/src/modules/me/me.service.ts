import { asc, eq } from 'drizzle-orm';
import type { CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../../db/schema.ts';
import { findUserById } from '../users/users.service.ts';

/** Builds the answer of auth/me (spec §3 Current user) for a signed-in user. */
export async function getCurrentUser(
  db: Database,
  userId: string,
): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  if (!user) {
    return undefined;
  }
  const memberships = await db
    .select({
      id: namespaces.id,
      label: namespaces.label,
      attributes: namespaces.attributes,
      scope: userNamespaces.scope,
    })
    .from(userNamespaces)
    .innerJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
    .where(eq(userNamespaces.userId, userId))
    .orderBy(asc(namespaces.label));
  return {
    isAdmin: user.isAdmin,
    isLoggedIn: true,
    iam: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    namespaces: memberships.map((membership) => ({
      id: membership.id,
      label: membership.label,
      attributes: membership.attributes,
      userNamespaces: [{ scope: membership.scope }],
      // Storyfiles arrive with the library issue; the shape is in place for §6 storyfile access.
      storyfileNamespaces: [],
    })),
  };
}
