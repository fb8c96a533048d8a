import {
  FALLBACK_REASON_LABELS,
  type AskDecision,
  type ConfidenceClass,
} from '@conversa/contracts';

/** Names and one-line explanations of the matcher's confidence classes, for authors. */
export const CONFIDENCE_DETAILS: Record<
  ConfidenceClass,
  { label: string; explanation: string; tone: 'good' | 'fair' | 'poor' }
> = {
  exact: {
    label: 'Exact',
    explanation: 'The question has the same words as the script question or one of its alternates.',
    tone: 'good',
  },
  paraphrase: {
    label: 'Paraphrase',
    explanation:
      'Worded differently, but close enough to a script question or alternate to pass the threshold.',
    tone: 'good',
  },
  low: {
    label: 'Low',
    explanation:
      'Somewhat close, but under the threshold. Add this wording as an alternate if it should be answered.',
    tone: 'fair',
  },
  'off-topic': {
    label: 'Off-topic',
    explanation: 'Far from every recorded question; the cannot-answer clip is the right reply.',
    tone: 'poor',
  },
};

const DECISION_LABELS = {
  answer: 'Answered',
  story: 'Story choice',
  empty: 'Please repeat (nothing to match)',
  unintelligible: 'Please repeat (speech not understood)',
  'off-topic': 'Cannot answer (below the threshold)',
  'not-recorded': `Cannot answer (${FALLBACK_REASON_LABELS['not-recorded'].toLowerCase()})`,
} as const;

/** The decision as an author reads it. */
export function describeDecision(decision: AskDecision): string {
  return decision.kind === 'fallback'
    ? DECISION_LABELS[decision.reason]
    : DECISION_LABELS[decision.kind];
}

/** A 0–1 score as the author sees it: two decimals, the scale the threshold uses. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** The script tab with the question scrolled into view and highlighted. */
export function buildQuestionLink(storyfileId: string, questionId: string): string {
  return `/storyfiles/${encodeURIComponent(storyfileId)}#question-${encodeURIComponent(questionId)}`;
}
