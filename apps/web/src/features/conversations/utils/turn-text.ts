import type { FallbackReason, InputMode, PublicAskDecision } from '@conversa/contracts';
import type { PlayerAskResult, SpeakingKind } from './player-types';

/** Text shown in the transcript for spoken input the browser could not transcribe. */
export const UNINTELLIGIBLE_TRANSCRIPT_TEXT = '(could not make out the words)';
/** Text shown in the transcript for an empty question. */
export const EMPTY_QUESTION_TRANSCRIPT_TEXT = '(nothing asked)';

/**
 * The clip a fallback plays: nothing matched, or the best match is not recorded → cannot answer;
 * nothing understood → please repeat.
 */
export function getFallbackKind(reason: FallbackReason): 'cannotAnswer' | 'pleaseRepeat' {
  return reason === 'off-topic' || reason === 'not-recorded' ? 'cannotAnswer' : 'pleaseRepeat';
}

export function getSpeakingKind(decision: PublicAskDecision): Exclude<SpeakingKind, 'intro'> {
  return decision.kind === 'fallback' ? getFallbackKind(decision.reason) : 'answer';
}

/**
 * The storyfile's turn in plain words, when the video's words are not shown (no author reviewed
 * them yet): what the person did, never the studio's names for its clips (issue 54, item 6).
 */
export const STORYFILE_TURN_TEXT: Record<Exclude<SpeakingKind, 'intro'>, string> = {
  answer: 'Answered on video.',
  cannotAnswer: "Couldn't answer that one.",
  pleaseRepeat: 'Asked you to say that again.',
};

/** The storyfile played nothing and asked which recorded question was meant (issue 50). */
export const ASKED_BACK_TURN_TEXT = 'Asked which question you meant.';

/**
 * How the storyfile's turn reads in the transcript: the studio's "Answered: <question>", what the
 * person said (the video's reviewed words, or its draft labelled automatic), or plain words.
 */
export function describeStoryfileTurn(result: PlayerAskResult): string {
  if (
    result.media === null &&
    result.clarification === 'did-you-mean' &&
    (result.suggestions ?? []).length > 0
  ) {
    return ASKED_BACK_TURN_TEXT;
  }
  if (result.media === null && result.message) {
    return result.message;
  }
  // The studio's players name the question answered: what its author is testing.
  if (result.decision.kind === 'answer' && result.questionText) {
    return `Answered: ${result.questionText}`;
  }
  if (result.media?.said) {
    return result.media.said;
  }
  return STORYFILE_TURN_TEXT[getSpeakingKind(result.decision)];
}

/** The visitor's turn in the transcript: what they asked, or what stands for nothing heard. */
export function describeQuestion(text: string, inputMode: InputMode): string {
  if (text.trim() !== '') {
    return text.trim();
  }
  return inputMode === 'spoken' ? UNINTELLIGIBLE_TRANSCRIPT_TEXT : EMPTY_QUESTION_TRANSCRIPT_TEXT;
}
