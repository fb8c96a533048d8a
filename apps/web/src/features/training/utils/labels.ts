import { FALLBACK_REASON_LABELS, type ReviewItem } from '@conversa/contracts';

/** The answered question, or the fallback's reason (with the unrecorded match when there was one). */
export function describeItemOutcome(item: ReviewItem): string {
  if (item.decision === 'answered') {
    return item.answerQuestionText ?? 'A question since deleted';
  }
  const reason = item.fallbackReason ? FALLBACK_REASON_LABELS[item.fallbackReason] : 'Fallback';
  return item.matchedQuestionText ? `${reason}: ${item.matchedQuestionText}` : reason;
}
