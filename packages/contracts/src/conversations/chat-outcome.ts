import { z } from 'zod';
import type { ChatDecision } from './conversation.ts';

/**
 * What the asker got (issue 68): a recorded answer played, a "Did you mean…?" with recorded
 * answers to press (`asked-back`: logged as a fallback with its `did-you-mean` clarification), or
 * a fallback clip. The chat logs, Response quality and the dashboard count and filter by it.
 */
export const CHAT_OUTCOMES = ['answered', 'asked-back', 'fallback'] as const;
export const chatOutcomeSchema = z.enum(CHAT_OUTCOMES);
export type ChatOutcome = z.infer<typeof chatOutcomeSchema>;

export const OUTCOME_LABELS: Record<ChatOutcome, string> = {
  answered: 'Answered',
  'asked-back': 'Asked back',
  fallback: 'Fallback',
};

/** The outcome of a logged exchange, from its decision and what it asked back with. */
export function outcomeOf(entry: {
  decision: ChatDecision;
  clarification: 'did-you-mean' | 'topics-and-starters' | null;
}): ChatOutcome {
  if (entry.decision === 'answered') {
    return 'answered';
  }
  return entry.clarification === 'did-you-mean' ? 'asked-back' : 'fallback';
}
