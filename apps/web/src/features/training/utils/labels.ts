import {
  FALLBACK_REASON_LABELS,
  type ChatDecision,
  type ConfidenceClass,
  type ReviewItem,
} from '@conversa/contracts';

export const DECISION_LABELS: Record<ChatDecision, string> = {
  answered: 'Answered',
  fallback: 'Fallback',
};

export const CONFIDENCE_LABELS: Record<ConfidenceClass, string> = {
  exact: 'Exact',
  paraphrase: 'Paraphrase',
  low: 'Low',
  'off-topic': 'Off-topic',
};

/** The matcher's score with two decimals; `—` when nothing was scored. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(2);
}

/** The answered question, or the fallback's reason (with the unrecorded match when there was one). */
export function describeItemOutcome(item: ReviewItem): string {
  if (item.decision === 'answered') {
    return item.answerQuestionText ?? 'A question since deleted';
  }
  const reason = item.fallbackReason ? FALLBACK_REASON_LABELS[item.fallbackReason] : 'Fallback';
  return item.matchedQuestionText ? `${reason}: ${item.matchedQuestionText}` : reason;
}
