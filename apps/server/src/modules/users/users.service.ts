import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from './users.tables.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Failed password attempts before an account is locked, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;

export const newUserSchema = z.object({
  email: z.email({ message: 'Enter a valid email address.' }),
  password: z.string().min(8, 'A password needs at least 8 characters.').optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  isAdmin: z.boolean().default(false),
});
export type NewUser = z.input<typeof newUserSchema>;

export type User = typeof users.$inferSelect;

function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues.map((issue) => issue.message).join(' '));
  }
  return parsed.data;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  if (!z.uuid().safeParse(id).success) {
    return undefined;
  }
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function createUser(db: Database, input: NewUser): Promise<User> {
  const data = parseOrThrow(newUserSchema, input);
  if (await findUserByEmail(db, data.email)) {
    throw conflict(`A user with the email ${data.email} already exists.`);
  }
  const [user] = await db
    .insert(users)
    .values({
      email: data.email,
      firstName: data.firstName || null,
      lastName: data.lastName || null,
      passwordHash: data.password ? await hashPassword(data.password) : null,
      isAdmin: data.isAdmin,
    })
    .returning();
  return user!;
}

export async function setPassword(db: Database, userId: string, password: string): Promise<void> {
  parseOrThrow(newUserSchema.shape.password.unwrap(), password);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function updateUserName(
  db: Database,
  userId: string,
  names: { firstName: string | null; lastName: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: names.firstName || null,
      lastName: names.lastName || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** When a person last signed in, shown to their organization's owners. */
export async function recordSignIn(db: Pick<Database, 'update'>, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

export type PasswordCheck =
  { ok: true; user: User } | { ok: false; reason: 'invalid' | 'locked'; lockedUntil?: Date };

/**
 * Checks an email/password pair. Failures count towards a lockout; an unknown email and a wrong
 * password answer the same so the form does not reveal which accounts exist.
 */
export async function checkPassword(
  db: Database,
  email: string,
  password: string,
): Promise<PasswordCheck> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    return { ok: false, reason: 'invalid' };
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    return { ok: false, reason: 'locked', lockedUntil: user.lockedUntil };
  }
  if (await verifyPassword(password, user.passwordHash)) {
    if (user.failedLoginCount > 0 || user.lockedUntil) {
      await db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null })
        .where(eq(users.id, user.id));
    }
    return { ok: true, user };
  }
  const [updated] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS}
        then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else null end`,
    })
    .where(eq(users.id, user.id))
    .returning({ lockedUntil: users.lockedUntil, failedLoginCount: users.failedLoginCount });
  if (updated?.lockedUntil) {
    return { ok: false, reason: 'locked', lockedUntil: updated.lockedUntil };
  }
  return { ok: false, reason: 'invalid' };
}
