import {
  CLARIFICATION_HEADINGS,
  FALLBACK_REASON_LABELS,
  type ReviewItem,
} from '@conversa/contracts';

/** The answered question, or the fallback's reason (with the unrecorded match when there was one). */
export function describeItemOutcome(item: ReviewItem): string {
  if (item.decision === 'answered') {
    return item.answerQuestionText ?? 'A question since deleted';
  }
  const reason = item.fallbackReason ? FALLBACK_REASON_LABELS[item.fallbackReason] : 'Fallback';
  return item.matchedQuestionText ? `${reason}: ${item.matchedQuestionText}` : reason;
}

/**
 * What the storyfile asked back with on this exchange, e.g. "Did you mean…? “A” · “B”"; null when
 * it asked nothing back.
 */
export function describeItemOffer(item: ReviewItem): string | null {
  if (item.clarification === null) {
    return null;
  }
  const offered = item.suggestions.map((suggestion) => `“${suggestion.questionText}”`).join(' · ');
  const heading =
    item.clarification === 'did-you-mean'
      ? CLARIFICATION_HEADINGS['did-you-mean']
      : 'Offered topics and starters';
  return offered === '' ? heading : `${heading} ${offered}`;
}
