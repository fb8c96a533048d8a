import { FEATURED_DATES_ORDER_MESSAGE, type FeaturedEntry } from '@conversa/contracts';
import { formatUsDate } from '@/lib/format';

/** The entries with the one at `from` moved to `to` (zero-based, clamped), positions renumbered. */
export function moveFeatured(
  items: readonly FeaturedEntry[],
  from: number,
  to: number,
): FeaturedEntry[] {
  const next = [...items];
  if (from < 0 || from >= next.length) {
    return next;
  }
  const [moved] = next.splice(from, 1) as [FeaturedEntry];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((item, position) => ({ ...item, position }));
}

/** The same message the server gives when the start is after the end; null when the dates fit. */
export function checkFeaturedDates(startsOn: string, endsOn: string): string | null {
  return startsOn !== '' && endsOn !== '' && startsOn > endsOn
    ? FEATURED_DATES_ORDER_MESSAGE
    : null;
}

// A YYYY-MM-DD day shown in US format; read at noon UTC so no time zone moves it a day.
function formatDay(day: string): string {
  return formatUsDate(new Date(`${day}T12:00:00Z`), 'UTC');
}

/** The entry's dates in words: "Always", "From …", "Until …" or "… to …". */
export function describeFeaturedDates(entry: Pick<FeaturedEntry, 'startsOn' | 'endsOn'>): string {
  if (entry.startsOn && entry.endsOn) {
    return `${formatDay(entry.startsOn)} to ${formatDay(entry.endsOn)}`;
  }
  if (entry.startsOn) {
    return `From ${formatDay(entry.startsOn)}`;
  }
  if (entry.endsOn) {
    return `Until ${formatDay(entry.endsOn)}`;
  }
  return 'Always';
}

/** Why the app does or does not show an entry today (`today` as YYYY-MM-DD, UTC). */
export function getFeaturedStatus(
  entry: Pick<FeaturedEntry, 'startsOn' | 'endsOn' | 'isPublished' | 'inApp'>,
  today: string,
): { label: string; isShown: boolean } {
  if (!entry.isPublished) {
    return { label: 'Hidden: unpublished by its owner', isShown: false };
  }
  if (!entry.inApp) {
    return { label: 'Hidden: not in the app', isShown: false };
  }
  if (entry.startsOn && entry.startsOn > today) {
    return { label: 'Starts later', isShown: false };
  }
  if (entry.endsOn && entry.endsOn < today) {
    return { label: 'Ended', isShown: false };
  }
  return { label: 'Shown in the app', isShown: true };
}

/** Today in UTC as YYYY-MM-DD (the server's calendar for featured dates). */
export function getUtcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
