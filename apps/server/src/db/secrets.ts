import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { systemSecrets } from './system.tables.ts';

/**
 * Returns the secret stored under `name`, creating it with `create` the first time. Replicas that
 * race on first start all end up with the row that won the insert.
 */
export async function getOrCreateSecret<T>(
  db: Database,
  name: string,
  create: () => T | Promise<T>,
): Promise<T> {
  const [existing] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name));
  if (existing) {
    return existing.value as T;
  }
  await db
    .insert(systemSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name));
  return stored!.value as T;
}
