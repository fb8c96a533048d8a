import { z } from 'zod';
import { PROMO_EMAIL_NOT_VERIFIED_MESSAGE } from '@conversa/contracts';
import type { Database } from '../db/client.ts';
import { isAwaitingEmailVerification } from '../modules/promo-codes/index.ts';
import {
  checkPassword,
  findUserById,
  setPassword,
  updateUserName,
  type User,
} from '../modules/users/index.ts';

const loginFormSchema = z.object({ email: z.string().trim(), password: z.string() });
const accountFormSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  currentPassword: z.string().default(''),
  newPassword: z.string().default(''),
});

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordSignIn =
  { ok: true; userId: string } | { ok: false; status: 400 | 401; email?: string; error: string };

/**
 * The sign-in form of the embedded provider: email and password from `source` (the client
 * address), with the lockout's message, which an unknown email gets the same way.
 */
export async function signInWithPassword(
  db: Database,
  body: unknown,
  source: string,
): Promise<PasswordSignIn> {
  const form = loginFormSchema.safeParse(body);
  if (!form.success || !form.data.email || !form.data.password) {
    return { ok: false, status: 400, error: 'Enter your email and password.' };
  }
  const result = await checkPassword(db, form.data.email, form.data.password, source);
  if (result.ok) {
    // A promo sign-up signs in only after its email is verified.
    if (await isAwaitingEmailVerification(db, result.user.id)) {
      return {
        ok: false,
        status: 401,
        email: form.data.email,
        error: PROMO_EMAIL_NOT_VERIFIED_MESSAGE,
      };
    }
    return { ok: true, userId: result.user.id };
  }
  const error =
    result.reason === 'locked'
      ? `Too many failed attempts. This account is locked until ${result.lockedUntil?.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' })} UTC.`
      : 'The email or password is not correct.';
  return { ok: false, status: 401, email: form.data.email, error };
}

export type AccountSave = { ok: true; user: User } | { ok: false; error: string };

/**
 * The account page's form: name, and a new password only with the current one (so a session
 * left open cannot be used to take the account over).
 */
export async function saveAccount(
  db: Database,
  user: User,
  body: unknown,
  source: string,
): Promise<AccountSave> {
  const form = accountFormSchema.safeParse(body ?? {});
  if (!form.success) {
    return { ok: false, error: 'Check the form and try again.' };
  }
  const { firstName, lastName, currentPassword, newPassword } = form.data;
  if (newPassword) {
    const check = await checkPassword(db, user.email, currentPassword, source);
    if (!check.ok) {
      return { ok: false, error: 'Your current password is not correct.' };
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      return { ok: false, error: `A password needs at least ${PASSWORD_MIN_LENGTH} characters.` };
    }
    await setPassword(db, user.id, newPassword);
  }
  await updateUserName(db, user.id, { firstName, lastName });
  return { ok: true, user: (await findUserById(db, user.id))! };
}
