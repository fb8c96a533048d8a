import type { PromoClientStatus, PromoCode } from '@conversa/contracts';
import { formatCount } from '@/lib/format';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const NUMBER = new Intl.NumberFormat('en-US');

/** A date as the studio shows dates (spec §9: US formats). */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** Usage against a limit: "3 of 33", or "3 (no limit)". */
export function formatUsage(used: number, limit: number | null): string {
  return limit === null
    ? `${NUMBER.format(used)} (no limit)`
    : `${NUMBER.format(used)} of ${NUMBER.format(limit)}`;
}

/** Remaining uses of a code: a number, or "Unlimited". */
export function formatRemainingUses(code: Pick<PromoCode, 'remainingUses'>): string {
  return code.remainingUses === null ? 'Unlimited' : NUMBER.format(code.remainingUses);
}

export const CLIENT_STATUS_LABELS: Record<PromoClientStatus, string> = {
  trial: 'Trial',
  expired: 'Expired',
  converted: 'Converted',
  revoked: 'Revoked',
};

/** The link a code's holder opens to sign up. */
export function buildSignupLink(origin: string, code: string): string {
  return `${origin}/signup?code=${encodeURIComponent(code)}`;
}

/** Whether a code can still be redeemed, and if not, why (shown beside it). */
export function describeCodeState(
  code: Pick<PromoCode, 'isActive' | 'isExpired' | 'remainingUses'>,
): string {
  if (!code.isActive) {
    return 'Switched off';
  }
  if (code.isExpired) {
    return 'Expired';
  }
  if (code.remainingUses === 0) {
    return 'All uses taken';
  }
  return 'Open';
}

/** A code's limits, each noun in its number (issue 44: "1 storyfiles"): the studio's one helper. */
export function describeCodeLimits(
  code: Pick<PromoCode, 'storyfileLimit' | 'recordedAnswerLimit'>,
): string {
  const storyfiles =
    code.storyfileLimit === null ? 'Any storyfiles' : formatCount(code.storyfileLimit, 'storyfile');
  const answers =
    code.recordedAnswerLimit === null
      ? 'any recorded answers'
      : formatCount(code.recordedAnswerLimit, 'recorded answer');
  return `${storyfiles}, ${answers}`;
}

/** A trial's length: "1 day", "30 days". */
export function describeTrialLength(days: number): string {
  return formatCount(days, 'day');
}
