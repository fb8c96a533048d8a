import {
  FALLBACK_REASON_LABELS,
  type ChatDecision,
  type ConfidenceClass,
  type FallbackReason,
  type InputMode,
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

export const INPUT_MODE_LABELS: Record<InputMode, string> = {
  typed: 'Typed',
  spoken: 'Spoken',
};

/** The matcher's score (0 to 1) with two decimals; `—` when there was nothing to score. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(2);
}

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
