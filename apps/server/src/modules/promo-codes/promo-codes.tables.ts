import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

// --- Promo codes and free trials -----------------------------------------------------------------
// A code opens a free trial: redeeming it creates an account and an organization (its owner the
// person) in one transaction. `redemption_count` is the use counter a conditional update spends,
// so two people racing for a code's last use cannot both win.

/** A promo code: what it grants (the trial group, a length and limits) and how often it may be used. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored as typed; unique whatever its case, and matched without case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    trialDays: integer('trial_days').notNull(),
    /** Null: no limit. */
    storyfileLimit: integer('storyfile_limit'),
    recordedAnswerLimit: integer('recorded_answer_limit'),
    /** Null: any number of redemptions. */
    maxRedemptions: integer('max_redemptions'),
    /** Redemptions that hold a use (revoking one gives its use back). */
    redemptionCount: integer('redemption_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_codes_code_lower_key').on(sql`lower(${table.code})`),
    check('promo_codes_trial_days_check', sql`${table.trialDays} between 1 and 3650`),
    check(
      'promo_codes_uses_check',
      sql`${table.redemptionCount} >= 0 and (${table.maxRedemptions} is null or ${table.redemptionCount} <= ${table.maxRedemptions})`,
    ),
  ],
);

/**
 * One redemption of a code: the client organization it created, its owner and the trial's state.
 * The limits are copied from the code, so editing a code never changes a running trial. Status
 * `trial` reads as expired once `trial_ends_at` has passed.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** One redemption per organization. */
    namespaceId: uuid('namespace_id')
      .notNull()
      .unique()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The email it was redeemed with, lower-cased: one redemption of a code per person. */
    email: text('email').notNull(),
    status: text('status').$type<'trial' | 'converted' | 'revoked'>().notNull().default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    storyfileLimit: integer('storyfile_limit'),
    recordedAnswerLimit: integer('recorded_answer_limit'),
    /** SHA-256 of the verification link's token; null once verified. */
    verificationTokenHash: text('verification_token_hash'),
    /** The link itself, kept only when no mail server sent it, for admins to pass on. */
    verificationLink: text('verification_link'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_redemptions_code_email_key').on(table.promoCodeId, table.email),
    index('promo_redemptions_user_idx').on(table.userId),
    uniqueIndex('promo_redemptions_token_key').on(table.verificationTokenHash),
    check(
      'promo_redemptions_status_check',
      sql`${table.status} in ('trial', 'converted', 'revoked')`,
    ),
  ],
);
