import {
  POPULAR_HALF_LIFE_DAYS,
  POPULAR_RECENT_DAYS,
  POPULAR_WINDOW_DAYS,
  type PopularEntry,
} from '@conversa/contracts';
import { formatCount } from '@/lib/format';

/** How the score was made, in one sentence for the popular list. */
export function explainPopularScore(entry: Pick<PopularEntry, 'visitors7' | 'visitors30'>): string {
  return `${formatCount(entry.visitors30, 'visitor')} in ${POPULAR_WINDOW_DAYS} days (${entry.visitors7} in the last ${POPULAR_RECENT_DAYS}); each counts half as much every ${POPULAR_HALF_LIFE_DAYS} days since their last visit.`;
}

/** A score as the list shows it: up to three decimals, US separators. */
export function formatPopularScore(score: number): string {
  return score.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 });
}
