import { formatUsDate, formatUsDateTime } from './format';

// Things the server accepts but a person rarely means (issue 68): a date already past, which
// makes an activity "Late", a promo code "Expired" or a featured window "Ended" from the moment it
// is saved, and a storyfile with no questions offered in the app. The console warns before
// saving; the person saves anyway or goes back.

/** A day (YYYY-MM-DD) before today in UTC, the calendar of promo-code and featured dates. */
function isPastUtcDay(day: string, now: Date): boolean {
  return day !== '' && day < now.toISOString().slice(0, 10);
}

/** An activity's due and close times already past. */
export function describeActivityDateWarnings(
  dates: { dueAt: string | null; closeAt: string | null },
  now: Date,
): string[] {
  const warnings: string[] = [];
  if (dates.dueAt !== null && new Date(dates.dueAt) < now) {
    warnings.push(
      `The due date, ${formatUsDateTime(dates.dueAt)}, has passed: every student starts out "Late".`,
    );
  }
  if (dates.closeAt !== null && new Date(dates.closeAt) < now) {
    warnings.push(
      `The close date, ${formatUsDateTime(dates.closeAt)}, has passed: students can no longer do the activity.`,
    );
  }
  return warnings;
}

/** A promo code's last day already past. */
export function describePromoExpiryWarnings(expiresOn: string, now: Date): string[] {
  return isPastUtcDay(expiresOn, now)
    ? [
        `The expiry date, ${formatUsDate(`${expiresOn}T00:00:00Z`, 'UTC')}, has passed: the code is "Expired" from the start and nobody can redeem it.`,
      ]
    : [];
}

/** A featured entry's end day already past. */
export function describeFeaturedEndWarnings(endsOn: string, now: Date): string[] {
  return isPastUtcDay(endsOn, now)
    ? [
        `The end date, ${formatUsDate(`${endsOn}T00:00:00Z`, 'UTC')}, has passed: the entry is "Ended" from the start and the app does not show it.`,
      ]
    : [];
}

/** A storyfile with no questions, about to be offered in the app. */
export function describeEmptyStoryfileWarnings(storyfile: {
  name: string;
  questionCount: number;
}): string[] {
  return storyfile.questionCount === 0
    ? [`${storyfile.name} has no questions: in the app it can only answer with its fallback clip.`]
    : [];
}
