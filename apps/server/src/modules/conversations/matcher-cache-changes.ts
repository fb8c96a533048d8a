// What changed in a script since its cached matcher was built (`matcher-cache.ts`).
import type { AnswerInput } from '@conversa/matching';
import type { MatchableAnswer } from './storyfile-matcher.ts';

/**
 * The questions' part of a stamp (`count:last edit`) when it is the only part that moved and the
 * count did not: only edits of existing questions happened (a review round's alternates), so the
 * questions edited since the last edit known are all that needs reading. Undefined otherwise.
 */
export function findEditedSince(previous: string, next: string): string | undefined {
  const before = previous.split('|');
  const after = next.split('|');
  if (before.length !== after.length || before.slice(1).join('|') !== after.slice(1).join('|')) {
    return undefined;
  }
  const [countBefore, ...lastEditBefore] = before[0]!.split(':');
  const [countAfter] = after[0]!.split(':');
  const since = lastEditBefore.join(':');
  return countBefore === countAfter && since !== '' ? since : undefined;
}

const isSameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, index) => text === b[index]);

/**
 * Whether an answer reads the same to the matcher (its words, recording and transcript, and what
 * it learned from visitors).
 */
export function isSameAnswer(a: MatchableAnswer, b: MatchableAnswer): boolean {
  return (
    a.text === b.text &&
    a.isRecorded === b.isRecorded &&
    (a.transcript ?? '') === (b.transcript ?? '') &&
    isSameList(a.alternates, b.alternates) &&
    isSameList(a.learned ?? [], b.learned ?? [])
  );
}

/** The matcher's input for an answer of the script. */
export function toAnswerInput(answer: MatchableAnswer): AnswerInput {
  return {
    id: answer.questionId,
    question: answer.text,
    alternates: answer.alternates,
    learned: answer.learned ?? [],
    isRecorded: answer.isRecorded,
    transcript: answer.transcript ?? '',
  };
}
