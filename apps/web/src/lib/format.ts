import { USER_MENU_EMAIL_MAX_LENGTH } from '@conversa/contracts/constants';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Formats a byte count with units B to YB in steps of 1024 (spec §9): values of 10 or more, or
 * whole values, are rounded to integers; others keep one decimal. Throws a TypeError for anything
 * that is not a finite number.
 */
export function formatBytes(bytes: unknown): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) {
    throw new TypeError(`Expected a finite number of bytes, got ${String(bytes)}`);
  }
  let value = Math.abs(bytes);
  let unitIndex = 0;
  while (value >= 1024 && unitIndex < BYTE_UNITS.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  const text =
    value >= 10 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  return `${bytes < 0 ? '-' : ''}${text} ${BYTE_UNITS[unitIndex]}`;
}

type DateInput = Date | string | number;

/** US date, e.g. `1/5/2024`. Pass a time zone where the viewer's own would be wrong (or in tests). */
export function formatUsDate(date: DateInput, timeZone?: string): string {
  return new Date(date).toLocaleDateString('en-US', { timeZone });
}

/** US date and time, e.g. `1/5/2024, 3:04 PM`. */
export function formatUsDateTime(date: DateInput, timeZone?: string): string {
  return new Date(date).toLocaleString('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** US date and time with the month's name, e.g. `Jan 5, 2024, 3:04 PM`. */
export function formatUsMediumDateTime(date: DateInput): string {
  return new Date(date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

/** A number with comma thousands separators, e.g. `1,234,567`. */
export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value);
}

const PLURAL_RULES = new Intl.PluralRules('en-US');

/**
 * The studio's one plural rule (issue 44: "1 storyfiles"): the form of a word for a count, by the
 * language's plural rules (Intl.PluralRules), not a count compared by hand. `one` for 1, `other`
 * for 0, 2 and more, and fractions. Every count in the web app goes through this or formatCount;
 * `plurals.test.ts` fails on a hand-made one.
 */
export function selectPlural(count: number, one: string, other = `${one}s`): string {
  return PLURAL_RULES.select(count) === 'one' ? one : other;
}

/** A count with its noun in the right number: `1 question`, `1,204 questions`. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${selectPlural(count, singular, plural)}`;
}

/**
 * Name display rule (spec §3): the first and last name that are present, joined by a space;
 * the email when neither is.
 */
export function formatDisplayName(person: {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? person.email : name;
}

/** The user-menu email: its first 15 characters followed by `…` when it is longer than 15. */
export function shortenEmail(
  email: string,
  maxLength: number = USER_MENU_EMAIL_MAX_LENGTH,
): string {
  const characters = Array.from(email);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}…` : email;
}

/** The matcher's score (0 to 1) with two decimals; `—` when there was nothing to score. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(2);
}
