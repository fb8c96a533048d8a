import { z } from 'zod';

/** What every code grants: the spec §6 product-access group of a free trial. */
export const PROMO_TRIAL_GROUP = 'conversa-studio-free-trial';
/** The group a client is converted to. */
export const PROMO_CONVERTED_GROUP = 'conversa-studio';

/** Defaults of a new code: StoryFile's public trial is 33 questions. */
export const DEFAULT_TRIAL_DAYS = 14;
export const DEFAULT_TRIAL_STORYFILE_LIMIT = 1;
export const DEFAULT_TRIAL_RECORDED_ANSWER_LIMIT = 33;
export const MAX_TRIAL_DAYS = 365;
/** Length of a generated code (letters and digits people cannot confuse). */
export const GENERATED_PROMO_CODE_LENGTH = 10;

export const PROMO_CODE_NOT_FOUND_MESSAGE =
  'We do not know this promo code. Check it for typing mistakes and try again.';
export const PROMO_CODE_INACTIVE_MESSAGE =
  'This promo code has been switched off. Ask the person who gave it to you for a new one.';
export const PROMO_CODE_EXHAUSTED_MESSAGE =
  'This promo code has been used as many times as it allows. Ask the person who gave it to you for a new one.';
export const PROMO_EMAIL_IN_USE_MESSAGE =
  'An account with this email already exists. Sign in with it, or sign up with another email.';
export const PROMO_ALREADY_REDEEMED_MESSAGE =
  'You have already redeemed this promo code. Each person can redeem it once.';
export const PROMO_CODE_TAKEN_MESSAGE = 'A promo code with this text already exists.';
export const PROMO_CODE_REDEEMED_DELETE_MESSAGE =
  'This promo code has been redeemed, so it cannot be deleted. Switch it off instead.';
export const PROMO_CODE_RECORD_NOT_FOUND_MESSAGE = 'Promo code not found.';
export const PROMO_CLIENT_NOT_FOUND_MESSAGE = 'Client not found.';
export const PROMO_CLIENT_CONVERTED_MESSAGE =
  'This client has already been converted to conversa-studio.';
export const PROMO_CLIENT_REVOKED_MESSAGE = 'This redemption has been revoked.';
export const PROMO_VERIFY_LINK_INVALID_MESSAGE =
  'This verification link does not work any more. If you have already verified your email, sign in.';
export const PROMO_EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your email first: open the link we sent you when you signed up.';
/** How a trial client upgrades: the words every trial refusal ends with. */
export const TRIAL_UPGRADE_HINT =
  'To upgrade to Conversa Studio, contact Conversa support and ask to convert your organization.';

/** A code that has passed its expiry date. */
export function formatPromoCodeExpiredMessage(expiresAt: Date): string {
  return `This promo code expired on ${expiresAt.toLocaleDateString('en-US', { timeZone: 'UTC' })}. Ask the person who gave it to you for a new one.`;
}

export type TrialLimit = 'storyfiles' | 'recorded answers';

/** Each limit's noun, by the plural category of the count (English: one, other). */
const TRIAL_LIMIT_NOUNS: Record<TrialLimit, Partial<Record<Intl.LDMLPluralRule, string>>> = {
  storyfiles: { one: 'storyfile', other: 'storyfiles' },
  'recorded answers': { one: 'recorded answer', other: 'recorded answers' },
};
const englishPlurals = new Intl.PluralRules('en-US');

/** The refusal of a create past a trial limit: names the limit and how to upgrade. */
export function formatTrialLimitMessage(limit: TrialLimit, allowed: number): string {
  const noun = TRIAL_LIMIT_NOUNS[limit][englishPlurals.select(allowed)] ?? limit;
  return `Your free trial allows ${allowed} ${noun}, and your organization has reached that limit. ${TRIAL_UPGRADE_HINT}`;
}

/** The refusal of a create or upload once the trial has ended (the organization is read-only). */
export function formatTrialEndedMessage(endedAt: Date): string {
  return `Your organization's free trial ended on ${endedAt.toLocaleDateString('en-US', { timeZone: 'UTC' })}, so it is read-only: you can still view and play your storyfiles, but not create or upload. ${TRIAL_UPGRADE_HINT}`;
}

/** The refusal once an admin revoked the redemption. */
export const TRIAL_REVOKED_MESSAGE = `Your organization's free trial has been revoked, so it is read-only: you can still view and play your storyfiles, but not create or upload. ${TRIAL_UPGRADE_HINT}`;

/** Letters, digits, `-` and `_`; people type it, so no spaces. */
export const promoCodeTextSchema = z
  .string()
  .trim()
  .min(4, 'A promo code needs at least 4 characters.')
  .max(40, 'A promo code has at most 40 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A promo code uses only letters, digits, - and _.');

const limitSchema = z.number().int().min(0).max(100_000).nullable();

export const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  /** Always the trial group (spec §6). */
  grantsGroup: z.literal(PROMO_TRIAL_GROUP),
  trialDays: z.number().int(),
  storyfileLimit: z.number().int().nullable(),
  recordedAnswerLimit: z.number().int().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Redemptions holding a use (revoked ones give theirs back). */
  redemptionCount: z.number().int(),
  /** Every redemption ever made, revoked ones included. */
  totalRedemptions: z.number().int(),
  /** Null: unlimited. */
  remainingUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoClientStatusSchema = z.enum(['trial', 'expired', 'converted', 'revoked']);
export type PromoClientStatus = z.infer<typeof promoClientStatusSchema>;

export const promoClientSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationLabel: z.string(),
  code: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string(),
  redeemedAt: z.string(),
  trialEndsAt: z.string(),
  status: promoClientStatusSchema,
  isEmailVerified: z.boolean(),
  /** The verification link, only when no mail server sent it and it has not been used. */
  verificationLink: z.string().nullable(),
  usage: z.object({
    storyfiles: z.number().int(),
    storyfileLimit: z.number().int().nullable(),
    recordedAnswers: z.number().int(),
    recordedAnswerLimit: z.number().int().nullable(),
  }),
});
export type PromoClient = z.infer<typeof promoClientSchema>;

export const createPromoCodeBodySchema = z.object({
  /** Left out or empty: the server generates one. */
  code: z.union([z.literal(''), promoCodeTextSchema]).optional(),
  description: z.string().trim().max(500).default(''),
  trialDays: z.number().int().min(1).max(MAX_TRIAL_DAYS).default(DEFAULT_TRIAL_DAYS),
  storyfileLimit: limitSchema.default(DEFAULT_TRIAL_STORYFILE_LIMIT),
  recordedAnswerLimit: limitSchema.default(DEFAULT_TRIAL_RECORDED_ANSWER_LIMIT),
  maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreatePromoCodeBody = z.infer<typeof createPromoCodeBodySchema>;
/** What a caller sends to create a code (defaults filled in by the server). */
export type CreatePromoCodeInput = z.input<typeof createPromoCodeBodySchema>;
