import {
  FALLBACK_REASON_LABELS,
  type AskCandidate,
  type AskDecision,
  type AskScoring,
  type ClarificationKind,
  type ConfidenceClass,
  type StoryTurn,
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
      'Somewhat close, but under the threshold. Add this wording as an alternate or correct the match if it should be answered.',
    tone: 'fair',
  },
  'off-topic': {
    label: 'Off-topic',
    explanation: 'Far from every recorded question; the cannot-answer clip is the right reply.',
    tone: 'poor',
  },
};

/**
 * A low score with no word in common with the closest question, and nothing close by meaning
 * either: the automatic threshold sits just above what unrelated questions score, so trivia ("Who
 * won the world cup in 2018?") lands in the low band, and telling the author to add it as an
 * alternate would teach the storyfile to answer it (issue 32, item 13).
 */
export const LOW_WITHOUT_SHARED_WORDS =
  'Under the threshold, and it shares no words with the closest question: most likely off-topic, so the cannot-answer clip is the right reply.';

/**
 * A spoken question the studio did not hear clearly: its words are the recognizer's mistake, not a
 * way visitors ask, so they must never become an alternate (the storyfile would learn to answer
 * noise); a custom word's "heard as" form is the fix when the recognizer keeps writing them.
 */
export const MISHEARD_ADVICE =
  'Not heard clearly, so the storyfile asked to repeat. Do not add these words as an alternate: if the recognizer keeps writing them for something visitors say, add a custom word (heard as these words → the word meant).';

/** Whether the reply asked to repeat a spoken question the studio did not hear clearly. */
export function isMisheard(decision: AskDecision): boolean {
  return (
    decision.kind === 'fallback' &&
    (decision.reason === 'not-confident' ||
      decision.reason === 'readings-disagree' ||
      decision.reason === 'unintelligible')
  );
}

/**
 * A low score the sentence model gave a question that shares no words with its closest question,
 * which stands well ahead of the others: a paraphrase that fell back, not trivia (issue 44: the
 * panel called such paraphrases off-topic and discouraged the fix).
 */
export const LOW_CLOSE_BY_MEANING =
  'Under the threshold, but close in meaning to the closest question, which ranks well ahead of the others: if it is what was meant, add this wording as an alternate or correct the match.';

/** Scored by words alone for a few seconds after a script edit (issue 44, item 4). */
export const SCORED_WHILE_PREPARING =
  'Scored by words alone: the meaning of the script is still being prepared after the last edit. Ask again in a few seconds before judging this score.';

/**
 * How far ahead of the next candidate the closest question must score to stand out by meaning:
 * unrelated questions score every script question alike, a paraphrase its own well above the rest.
 */
export const STANDS_OUT_RATIO = 1.25;

/** How a question was scored, as an author reads it. */
export const SCORING_LABELS: Record<AskScoring, string> = {
  meaning: 'Words and meaning',
  words: 'Words alone',
  'words-preparing': 'Words alone, while meaning is prepared',
};

/**
 * What a confidence class means for this reply: the class's own line, unless the evidence says
 * more. A low score sharing no words is off-topic only when meaning finds nothing close either.
 */
export function explainConfidence(
  confidence: ConfidenceClass,
  closest: Pick<AskCandidate, 'matchedTerms' | 'score'> | undefined,
  evidence: { scoring?: AskScoring; next?: Pick<AskCandidate, 'score'> } = {},
): string {
  if (evidence.scoring === 'words-preparing' && confidence !== 'exact') {
    return SCORED_WHILE_PREPARING;
  }
  if (confidence === 'low' && (closest === undefined || closest.matchedTerms.length === 0)) {
    const standsOut =
      closest !== undefined &&
      evidence.next !== undefined &&
      closest.score >= evidence.next.score * STANDS_OUT_RATIO;
    return evidence.scoring === 'meaning' && standsOut
      ? LOW_CLOSE_BY_MEANING
      : LOW_WITHOUT_SHARED_WORDS;
  }
  return CONFIDENCE_DETAILS[confidence].explanation;
}

/** A story turn as an author reads it: the choice taken, or the story's opening. */
export function describeStoryTurn(story: Pick<StoryTurn, 'turn' | 'choiceText'>): string {
  if (story.turn === 'start') {
    return 'The story opened: nothing was asked, so there is no score.';
  }
  if (story.turn === 'choice') {
    return story.choiceText === null || story.choiceText.trim() === ''
      ? 'A choice without text was taken: the story, not the matcher, picked the reply.'
      : `“${story.choiceText}”: the story, not the matcher, picked the reply.`;
  }
  return 'A free question: the matcher answered it.';
}

const DECISION_LABELS = {
  answer: 'Answered',
  story: 'Story choice',
  empty: 'Please repeat (nothing to match)',
  unintelligible: 'Please repeat (speech not understood)',
  'not-confident': 'Please repeat (not heard clearly)',
  'readings-disagree': 'Please repeat (heard several ways, none fits)',
  'off-topic': 'Cannot answer (below the threshold)',
  'not-recorded': `Cannot answer (${FALLBACK_REASON_LABELS['not-recorded'].toLowerCase()})`,
} as const;

/** A "Did you mean…?" as an author reads it (issue 68: it read "Cannot answer"). */
export const ASKED_BACK_DECISION = 'Asked back: not sure enough to play an answer';

/**
 * The decision as an author reads it; a fallback that asked back "Did you mean…?" is its own
 * outcome, unless its best match has no video (the author's next recording).
 */
export function describeDecision(
  decision: AskDecision,
  clarification: ClarificationKind | null = null,
): string {
  if (decision.kind === 'fallback') {
    return clarification === 'did-you-mean' && decision.reason !== 'not-recorded'
      ? ASKED_BACK_DECISION
      : DECISION_LABELS[decision.reason];
  }
  return DECISION_LABELS[decision.kind];
}

/** The script tab with the question scrolled into view and highlighted. */
export function buildQuestionLink(storyfileId: string, questionId: string): string {
  return `/storyfiles/${encodeURIComponent(storyfileId)}#question-${encodeURIComponent(questionId)}`;
}
