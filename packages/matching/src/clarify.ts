import type { MatchResult } from './types.ts';

/** A recorded answer offered back to the asker ("Did you mean…?"). */
export interface Suggestion {
  answerId: string;
  score: number;
}

/** Share of the threshold a recorded answer needs to be offered after an off-topic fallback. */
const PLAUSIBLE_SHARE = 0.6;
/** Two answers both above the threshold and closer than this are a tie the asker settles. */
const TIE_MARGIN = 0.03;

/**
 * Up to `limit` (default 3) recorded answers to offer as "Did you mean…?", or [] when the decision
 * stands: after an off-topic fallback, the recorded answers scoring at least 0.6 × the threshold;
 * on an answer, the best two recorded answers when both clear the threshold within 0.03 of each other.
 */
export function chooseSuggestions(
  result: MatchResult,
  options: { limit?: number } = {},
): Suggestion[] {
  const limit = options.limit ?? 3;
  const recorded = result.candidates.filter((candidate) => candidate.isRecorded);
  const { decision, threshold } = result;
  if (decision.kind === 'fallback' && decision.reason === 'off-topic') {
    return recorded
      .filter((candidate) => candidate.score >= PLAUSIBLE_SHARE * threshold)
      .slice(0, limit)
      .map(({ answerId, score }) => ({ answerId, score }));
  }
  const [first, second] = recorded;
  if (
    decision.kind === 'answer' &&
    first &&
    second &&
    second.score >= threshold &&
    first.score - second.score <= TIE_MARGIN
  ) {
    return [first, second].slice(0, limit).map(({ answerId, score }) => ({ answerId, score }));
  }
  return [];
}
