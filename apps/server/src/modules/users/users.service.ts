import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { signInFailures, users } from './users.tables.ts';
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

/** Stands in for the stored hash of an unknown email, so both cost one scrypt (issue 43). */
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email/password pair sent from `source` (the client address). An unknown email, an
 * account without a password and a wrong password answer the same, after the same work (a scrypt
 * of a dummy hash), so the form reveals neither by its words nor by its time which accounts exist.
 * Failures are counted per source and email, known or not (`sign_in_failures`): after
 * MAX_FAILED_LOGINS that source is locked out of that email for LOCKOUT_MINUTES, and the person
 * signing in from elsewhere is not (issue 43: five requests locked anyone's account).
 */
export async function checkPassword(
  db: Database,
  email: string,
  password: string,
  source: string,
): Promise<PasswordCheck> {
  const key = `${source}|${email.toLowerCase()}`;
  const [user, [failures]] = await Promise.all([
    findUserByEmail(db, email),
    db
      .select({ lockedUntil: signInFailures.lockedUntil })
      .from(signInFailures)
      .where(eq(signInFailures.key, key)),
  ]);
  dummyHash ??= hashPassword('not the password of any account');
  const isRight = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (failures?.lockedUntil && failures.lockedUntil > new Date()) {
    return { ok: false, reason: 'locked', lockedUntil: failures.lockedUntil };
  }
  if (user?.passwordHash && isRight) {
    if (failures) {
      await db.delete(signInFailures).where(eq(signInFailures.key, key));
    }
    return { ok: true, user };
  }
  const [updated] = await db
    .insert(signInFailures)
    .values({ key, failedCount: 1 })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        // A lock that has ended starts the count again.
        failedCount: sql`case when ${signInFailures.lockedUntil} <= now() then 1
          else ${signInFailures.failedCount} + 1 end`,
        lockedUntil: sql`case
          when ${signInFailures.lockedUntil} <= now() then null
          when ${signInFailures.failedCount} + 1 >= ${MAX_FAILED_LOGINS}
            then now() + make_interval(mins => ${LOCKOUT_MINUTES})
          else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ lockedUntil: signInFailures.lockedUntil });
  if (updated?.lockedUntil) {
    return { ok: false, reason: 'locked', lockedUntil: updated.lockedUntil };
  }
  return { ok: false, reason: 'invalid' };
}

/** Forgets failed sign-ins untouched for a day whose lock, if any, has ended (maintenance). */
export async function deletePastSignInFailures(db: Database): Promise<void> {
  await db.delete(signInFailures).where(
    sql`${signInFailures.updatedAt} < now() - interval '1 day'
        and (${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < now())`,
  );
}
