import type { ReviewItem } from '@conversa/contracts';

/**
 * The answer Correct match opens on (issue 68: the author had to find "How tall are you?" among 63
 * questions for "What is your height?", though the matcher ranked it best): the first chosen
 * question's best-ranked candidate that is not the answer it already got (correcting to that
 * would change nothing). Undefined when the matcher kept no such candidate: the author chooses.
 */
export function suggestCorrection(
  items: readonly Pick<ReviewItem, 'topCandidates' | 'answerQuestionId'>[],
): string | undefined {
  const first = items[0];
  return first?.topCandidates.find((candidate) => candidate.questionId !== first.answerQuestionId)
    ?.questionId;
}
