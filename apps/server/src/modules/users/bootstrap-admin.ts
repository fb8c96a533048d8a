import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from './users.tables.ts';
import { createUser, findUserByEmail, setPassword } from './users.service.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

export type AdminBootstrap =
  | { kind: 'configured'; email: string }
  | { kind: 'generated'; email: string; password: string; file: string }
  | { kind: 'existing' };

/**
 * Ensures a platform admin exists. With STUDIO_ADMIN_EMAIL that account is made admin (and its
 * password set when given); otherwise, on the first start only, one is generated and its password
 * is written to DATA_DIR with mode 600 for the operator to read once.
 */
export async function ensurePlatformAdmin(
  db: Database,
  options: AdminOptions,
): Promise<AdminBootstrap> {
  try {
    return await ensureAdminOnce(db, options);
  } catch (error) {
    // Replicas started together on an empty database race to create the same admin: the one
    // that loses finds the winner's row on a second look instead of failing its start. It loses
    // at the insert (a unique violation) or, when the winner's row arrived between its first look
    // and `createUser`'s own, at that check (409: scale-out.test.ts's second web process failed
    // to start once, "A user with the email admin@example.com already exists.").
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'CONFLICT')) {
      return ensureAdminOnce(db, options);
    }
    throw error;
  }
}

interface AdminOptions {
  email: string | undefined;
  password: string | undefined;
  dataDir: string;
}

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
}

async function ensureAdminOnce(db: Database, options: AdminOptions): Promise<AdminBootstrap> {
  if (options.email) {
    const existing = await findUserByEmail(db, options.email);
    if (existing) {
      if (!existing.isAdmin) {
        await db
          .update(users)
          .set({ isAdmin: true, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
      }
      if (options.password) {
        await setPassword(db, existing.id, options.password);
      }
    } else {
      await createUser(db, {
        email: options.email,
        isAdmin: true,
        ...(options.password ? { password: options.password } : {}),
      });
    }
    return { kind: 'configured', email: options.email };
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  if (anyAdmin) {
    return { kind: 'existing' };
  }
  const password = randomBytes(18).toString('base64url');
  await createUser(db, {
    email: GENERATED_ADMIN_EMAIL,
    password,
    isAdmin: true,
    firstName: 'Studio',
    lastName: 'Admin',
  });
  await mkdir(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, ADMIN_CREDENTIALS_FILE);
  await writeFile(file, `email: ${GENERATED_ADMIN_EMAIL}\npassword: ${password}\n`, {
    mode: 0o600,
  });
  return { kind: 'generated', email: GENERATED_ADMIN_EMAIL, password, file };
}
