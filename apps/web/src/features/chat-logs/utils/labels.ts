import {
  CLARIFICATION_HEADINGS,
  CONFIDENCE_LABELS,
  FALLBACK_REASON_LABELS,
  outcomeOf,
  type AskSuggestion,
  type ChatDecision,
  type ClarificationKind,
  type ConfidenceClass,
  type FallbackReason,
} from '@conversa/contracts';

/** Why a question was asked back rather than answered, when its best match is recorded. */
export const ASKED_BACK_REASON = 'Not sure enough to play an answer';

/**
 * What a log row says about the outcome: the answered question, or the fallback's reason; for an
 * unrecorded best match, also the question it matched (what the author should record next). A
 * question asked back says so, not "No answer close enough" (issue 68).
 */
export function describeOutcome(entry: {
  decision: ChatDecision;
  clarification: ClarificationKind | null;
  answerQuestionText: string | null;
  fallbackReason: FallbackReason | null;
  matchedQuestionText: string | null;
}): string {
  if (entry.decision === 'answered') {
    return entry.answerQuestionText ?? 'A question since deleted';
  }
  if (outcomeOf(entry) === 'asked-back' && entry.fallbackReason !== 'not-recorded') {
    return ASKED_BACK_REASON;
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

/**
 * What the storyfile asked back with on this exchange (the questions it offered), or that the
 * asker pressed one it offered; null otherwise.
 */
export function describeClarification(entry: {
  clarification: ClarificationKind | null;
  suggestions: AskSuggestion[];
  chosenFromExchangeId: string | null;
}): string | null {
  if (entry.chosenFromExchangeId !== null) {
    return 'Chosen from the questions offered';
  }
  if (entry.clarification === null) {
    return null;
  }
  const offered = entry.suggestions.map((suggestion) => `“${suggestion.questionText}”`).join(' · ');
  const heading =
    entry.clarification === 'did-you-mean'
      ? CLARIFICATION_HEADINGS['did-you-mean']
      : 'Offered topics and starters';
  return offered === '' ? heading : `${heading} ${offered}`;
}

/**
 * The confidence as the log shows it: its class, or "Unsure" for a question asked back, whose
 * class (often "Off-topic": under the threshold) read as if nothing had been offered (issue 68).
 */
export function describeConfidence(entry: {
  decision: ChatDecision;
  clarification: ClarificationKind | null;
  confidence: ConfidenceClass | null;
}): string {
  if (outcomeOf(entry) === 'asked-back') {
    return 'Unsure';
  }
  return entry.confidence === null ? '—' : CONFIDENCE_LABELS[entry.confidence];
}
