import type { ChatDecision, ConfidenceClass, FallbackReason, InputMode } from '@conversa/contracts';

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

/** Why a question fell back, in words an author understands. */
export const FALLBACK_REASON_LABELS: Record<FallbackReason, string> = {
  empty: 'Nothing to match',
  unintelligible: 'Speech not understood',
  'off-topic': 'No answer close enough',
};

/** The matcher's score (0 to 1) with two decimals; `—` when there was nothing to score. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(2);
}

/** What a log row says about the outcome: the answered question, or the fallback's reason. */
export function describeOutcome(entry: {
  decision: ChatDecision;
  answerQuestionText: string | null;
  fallbackReason: FallbackReason | null;
}): string {
  if (entry.decision === 'answered') {
    return entry.answerQuestionText ?? 'A question since deleted';
  }
  return entry.fallbackReason === null ? 'Fallback' : FALLBACK_REASON_LABELS[entry.fallbackReason];
}
