// The popular list's score (issue 19): distinct visitors of the last 30 days, each weighed by how
// long ago they last came, so a storyfile many people opened this week beats one that was busy a
// month ago. Pure, so the server's SQL, the admin screen and the tests share one definition.

/** Days after which a visitor counts half as much. */
export const POPULAR_HALF_LIFE_DAYS = 7;
/** The short window shown beside the score. */
export const POPULAR_RECENT_DAYS = 7;
/** The whole window: visitors before it count nothing. */
export const POPULAR_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Weight of one visitor whose last visit was `ageDays` ago: 1 now, ½ after a half-life, 0 past the window. */
export function getVisitorWeight(ageDays: number): number {
  if (!Number.isFinite(ageDays) || ageDays < 0 || ageDays >= POPULAR_WINDOW_DAYS) {
    return 0;
  }
  return 0.5 ** (ageDays / POPULAR_HALF_LIFE_DAYS);
}

/** Rounds a score as the lists show and compare it (three decimals). */
export function roundPopularScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

export interface PopularInputs {
  /** Distinct visitors whose last visit is within POPULAR_RECENT_DAYS. */
  visitors7: number;
  /** Distinct visitors within POPULAR_WINDOW_DAYS. */
  visitors30: number;
  /** Σ getVisitorWeight(age of each visitor's last visit), rounded. */
  score: number;
}

/**
 * The score and its inputs from each distinct visitor's last visit, as of `now` (visits after
 * `now` are not counted yet).
 */
export function computePopularInputs(lastVisits: readonly Date[], now: Date): PopularInputs {
  let visitors7 = 0;
  let visitors30 = 0;
  let score = 0;
  for (const visit of lastVisits) {
    const ageDays = (now.getTime() - visit.getTime()) / DAY_MS;
    if (ageDays < 0 || ageDays >= POPULAR_WINDOW_DAYS) {
      continue;
    }
    visitors30 += 1;
    if (ageDays < POPULAR_RECENT_DAYS) {
      visitors7 += 1;
    }
    score += getVisitorWeight(ageDays);
  }
  return { visitors7, visitors30, score: roundPopularScore(score) };
}
