import {
  FALLBACK_REASON_LABELS,
  type ChatDecision,
  type FallbackReason,
} from '@conversa/contracts';

/**
 * What a log row says about the outcome: the answered question, or the fallback's reason; for an
 * unrecorded best match, also the question it matched (what the author should record next).
 */
export function describeOutcome(entry: {
  decision: ChatDecision;
  answerQuestionText: string | null;
  fallbackReason: FallbackReason | null;
  matchedQuestionText: string | null;
}): string {
  if (entry.decision === 'answered') {
    return entry.answerQuestionText ?? 'A question since deleted';
  }
  if (entry.fallbackReason === null) {
    return 'Fallback';
  }
  const label = FALLBACK_REASON_LABELS[entry.fallbackReason];
  return entry.fallbackReason === 'not-recorded' && entry.matchedQuestionText !== null
    ? `${label}: “${entry.matchedQuestionText}”`
    : label;
}

/**
 * What an exchange was for a storyfile with a published ink story: the story choice it took, or
 * a free question the matcher answered; null without a story.
 */
export function describeInkTurn(entry: {
  inkTurn: 'choice' | 'free' | null;
  inkChoiceText: string | null;
}): string | null {
  if (entry.inkTurn === 'choice') {
    return entry.inkChoiceText ? `Story choice: ${entry.inkChoiceText}` : 'Story choice';
  }
  return entry.inkTurn === 'free' ? 'Free question' : null;
}
