import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from './namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

export interface DefaultNamespace {
  label: string;
  ownerEmail: string;
}

/** Any fixed key: replicas starting together create the default namespace once. */
const DEFAULT_NAMESPACE_LOCK_KEY = 72_110_432;

/**
 * On a studio's first start (no namespace at all yet) creates one owned by the first platform
 * admin, so the main job (create a storyfile) works from the browser right after `npm start`:
 * without a namespace, nobody could create anything and nothing in the console makes one.
 * Answers what it created, or undefined when there was nothing to do.
 */
export async function ensureDefaultNamespace(
  db: Database,
  label: string,
): Promise<DefaultNamespace | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_NAMESPACE_LOCK_KEY})`);
    const [anyNamespace] = await tx.select({ id: namespaces.id }).from(namespaces).limit(1);
    if (anyNamespace) {
      return undefined;
    }
    const [firstAdmin] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    if (!firstAdmin) {
      return undefined;
    }
    const [namespace] = await tx
      .insert(namespaces)
      .values({ label, attributes: {} })
      .returning({ id: namespaces.id });
    await tx
      .insert(userNamespaces)
      .values({ userId: firstAdmin.id, namespaceId: namespace!.id, scope: 'owner:ns' });
    return { label, ownerEmail: firstAdmin.email };
  });
}
