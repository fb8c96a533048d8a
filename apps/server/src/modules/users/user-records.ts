import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from './users.tables.ts';

// The writes of user rows that accounts, sign-up and provisioning make inside their own
// transactions (they validate the person and hold the locks); `createUser` is the validating path.

type UserRow = typeof users.$inferSelect;
type Writer = Pick<Database, 'insert' | 'update'>;

/** The fields of a person others may set: their profile, provisioning state and admin flag. */
export type UserChanges = Partial<
  Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'deprovisionedAt' | 'isAdmin'>
>;

/** Writes a user row as given, in the caller's transaction. */
export async function insertUser(db: Writer, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Changes a user row; answers it as it now is (undefined when there is no such user). */
export async function updateUser(
  db: Writer,
  userId: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/**
 * A deleted account: name and email anonymised, password and admin flag dropped. The row stays,
 * so what the person made keeps its author.
 */
export async function anonymizeUser(db: Writer, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      firstName: null,
      lastName: null,
      passwordHash: null,
      isAdmin: false,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
