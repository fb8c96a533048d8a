import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatPromoCodeExpiredMessage,
  isValidEmail,
  PROMO_ALREADY_REDEEMED_MESSAGE,
  PROMO_CODE_EXHAUSTED_MESSAGE,
  PROMO_CODE_INACTIVE_MESSAGE,
  PROMO_CODE_NOT_FOUND_MESSAGE,
  PROMO_EMAIL_IN_USE_MESSAGE,
  PROMO_VERIFY_LINK_INVALID_MESSAGE,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { addMembership, insertNamespace } from '../namespaces/index.ts';
import { promoRedemptions } from './promo-codes.tables.ts';
import { users } from '../users/users.tables.ts';
import { insertUser } from '../users/index.ts';
import { recordAuditEvent, type Mailer } from '../accounts/index.ts';
import { isUniqueViolation, type Executor } from '../lists/index.ts';

/** Where a verification link leads (a public page of the sign-up). */
export const SIGNUP_PATH = '/signup';
export const SIGNUP_VERIFY_PATH = `${SIGNUP_PATH}/verify`;

export interface SignupSettings {
  publicUrl: string;
  mailer: Mailer;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface SignupInput {
  code: string;
  name: string;
  email: string;
  passwordHash: string;
}

/** Which field a refusal is about, so the page can put the message beside it. */
export type SignupField = 'code' | 'name' | 'email' | 'password';
export type SignupResult =
  | { ok: true; email: string; organizationLabel: string; isEmailSent: boolean }
  | { ok: false; field: SignupField; message: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Thrown inside the transaction to roll it back with a person's message. */
class SignupRefusal extends Error {
  constructor(
    readonly field: SignupField,
    message: string,
  ) {
    super(message);
  }
}

type CodeRow = {
  id: string;
  code: string;
  is_active: boolean;
  expires_at: Date | string | null;
  trial_days: number;
  storyfile_limit: number | null;
  recorded_answer_limit: number | null;
  max_redemptions: number | null;
  redemption_count: number;
};

/** A free label for the new organization: the person's name, numbered when taken. */
async function pickOrganizationLabel(tx: Executor, name: string): Promise<string> {
  const base = `${name.slice(0, 100)}'s organization`;
  const taken = await tx.execute<{ label: string }>(
    sql`select label from ${namespaces} where label = ${base} or label like ${`${base.replace(/[\\%_]/g, '\\$&')} (%)`}`,
  );
  const labels = new Set(taken.rows.map((row) => row.label));
  if (!labels.has(base)) {
    return base;
  }
  for (let n = 2; ; n += 1) {
    if (!labels.has(`${base} (${n})`)) {
      return `${base} (${n})`;
    }
  }
}

/**
 * Redeems a code for a new person: account, organization (the person its owner, the trial on)
 * and redemption are written in one transaction, or nothing is. The use is spent by a conditional
 * update of the code's counter: when two people race for the last use, PostgreSQL makes the second
 * update wait for the first and re-check its condition, so exactly one wins.
 */
export async function redeemPromoCode(
  db: Database,
  settings: SignupSettings,
  input: SignupInput,
): Promise<SignupResult> {
  const email = input.email.trim().toLowerCase();
  const code = input.code.trim();
  const name = input.name.trim();
  if (!code) {
    return { ok: false, field: 'code', message: 'Enter your promo code.' };
  }
  if (!name) {
    return { ok: false, field: 'name', message: 'Enter your name.' };
  }
  if (!isValidEmail(email)) {
    return { ok: false, field: 'email', message: 'Enter a valid email address.' };
  }
  const token = randomBytes(32).toString('base64url');
  const link = `${settings.publicUrl}${SIGNUP_VERIFY_PATH}/${token}`;
  let created: { redemptionId: string; organizationLabel: string };
  try {
    created = await db.transaction(async (tx) => {
      const found = await tx.execute<CodeRow>(
        sql`select * from promo_codes where lower(code) = lower(${code})`,
      );
      const row = found.rows[0];
      if (!row) {
        throw new SignupRefusal('code', PROMO_CODE_NOT_FOUND_MESSAGE);
      }
      if (!row.is_active) {
        throw new SignupRefusal('code', PROMO_CODE_INACTIVE_MESSAGE);
      }
      if (row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now()) {
        throw new SignupRefusal('code', formatPromoCodeExpiredMessage(new Date(row.expires_at)));
      }
      const redeemed = await tx.execute(
        sql`select 1 from promo_redemptions where promo_code_id = ${row.id} and email = ${email}`,
      );
      if (redeemed.rows.length > 0) {
        throw new SignupRefusal('email', PROMO_ALREADY_REDEEMED_MESSAGE);
      }
      const existing = await tx.execute(sql`select 1 from ${users} where lower(email) = ${email}`);
      if (existing.rows.length > 0) {
        throw new SignupRefusal('email', PROMO_EMAIL_IN_USE_MESSAGE);
      }
      const spent = await tx.execute<{ trial_days: number }>(sql`
        update promo_codes set redemption_count = redemption_count + 1, updated_at = now()
        where id = ${row.id} and is_active and (expires_at is null or expires_at > now())
          and (max_redemptions is null or redemption_count < max_redemptions)
        returning trial_days`);
      if (spent.rows.length === 0) {
        throw new SignupRefusal('code', PROMO_CODE_EXHAUSTED_MESSAGE);
      }
      const [firstName, ...rest] = name.split(/\s+/);
      const user = await insertUser(tx, {
        email,
        firstName: firstName!.slice(0, 100),
        lastName: rest.join(' ').slice(0, 100) || null,
        passwordHash: input.passwordHash,
      });
      const label = await pickOrganizationLabel(tx, name);
      const organization = await insertNamespace(tx, { label });
      await addMembership(tx, { userId: user.id, namespaceId: organization.id, scope: 'owner:ns' });
      const [redemption] = await tx
        .insert(promoRedemptions)
        .values({
          promoCodeId: row.id,
          namespaceId: organization.id,
          userId: user.id,
          email,
          trialEndsAt: sql`now() + make_interval(days => ${row.trial_days})`,
          storyfileLimit: row.storyfile_limit,
          recordedAnswerLimit: row.recorded_answer_limit,
          verificationTokenHash: hashToken(token),
        })
        .returning({ id: promoRedemptions.id });
      await recordAuditEvent(
        tx,
        { iam: user.id, email },
        {
          organization: { id: organization.id, label },
          action: 'promo_client.redeem',
          targetType: 'promo_code',
          targetId: row.id,
          targetLabel: row.code,
          after: { email, trialDays: row.trial_days },
        },
      );
      return { redemptionId: redemption!.id, organizationLabel: label };
    });
  } catch (error) {
    if (error instanceof SignupRefusal) {
      return { ok: false, field: error.field, message: error.message };
    }
    // Two sign-ups with one email at once: the unique indexes decide, and say which rule.
    if (isUniqueViolation(error, 'promo_redemptions_code_email_key')) {
      return { ok: false, field: 'email', message: PROMO_ALREADY_REDEEMED_MESSAGE };
    }
    if (isUniqueViolation(error, 'users_email_lower_key')) {
      return { ok: false, field: 'email', message: PROMO_EMAIL_IN_USE_MESSAGE };
    }
    throw error;
  }
  const isEmailSent = await sendVerification(db, settings, {
    redemptionId: created.redemptionId,
    email,
    name,
    link,
  });
  return { ok: true, email, organizationLabel: created.organizationLabel, isEmailSent };
}

/** Mails the link; without a mail server (or when it refuses) logs it and keeps it for admins. */
async function sendVerification(
  db: Database,
  settings: SignupSettings,
  mail: { redemptionId: string; email: string; name: string; link: string },
): Promise<boolean> {
  if (settings.mailer.isConfigured) {
    try {
      await settings.mailer.send({
        to: mail.email,
        subject: 'Verify your email for your Conversa Studio trial',
        text: `Hello ${mail.name},\n\nVerify your email to start your free trial of Conversa Studio: ${mail.link}`,
        link: {
          intro: `Hello ${mail.name}, verify your email to start your free trial of Conversa Studio.`,
          label: 'Verify my email',
          href: mail.link,
        },
      });
      return true;
    } catch (error) {
      settings.log.warn({ err: error, email: mail.email }, 'verification email not sent');
    }
  }
  settings.log.info(
    { email: mail.email, verificationLink: mail.link },
    'promo sign-up: email verification link (no mail sent; admins see it on the client row)',
  );
  await db.execute(sql`update promo_redemptions set verification_link = ${mail.link}
    where id = ${mail.redemptionId}`);
  return false;
}

/**
 * Whether a verification link still verifies something, without using it: the link's page (a GET,
 * which mail scanners prefetch) only reads; the button on it posts, and only that verifies.
 */
export async function findPendingVerification(
  db: Executor,
  token: string,
): Promise<{ email: string } | null> {
  const result = await db.execute<{ email: string }>(sql`
    select email from promo_redemptions
    where verification_token_hash = ${hashToken(token)} and email_verified_at is null`);
  return result.rows[0] ?? null;
}

/** Verifies the email of a verification link (its page's button posts here), once. */
export async function verifyPromoEmail(
  db: Database,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const result = await db.execute<{ email: string }>(sql`
    update promo_redemptions set email_verified_at = now(), verification_token_hash = null,
      verification_link = null, updated_at = now()
    where verification_token_hash = ${hashToken(token)} and email_verified_at is null
    returning email`);
  const row = result.rows[0];
  return row
    ? { ok: true, email: row.email }
    : { ok: false, message: PROMO_VERIFY_LINK_INVALID_MESSAGE };
}

/** Whether a user signed up through a code and has not opened the verification link yet. */
export async function isAwaitingEmailVerification(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from promo_redemptions
    where user_id = ${userId} and email_verified_at is null`);
  return result.rows.length > 0;
}
