import type { Embedder } from '@conversa/matching';
import type { MatchableAnswer } from '../conversations/index.ts';
import { computeCosine } from './clustering.ts';
import { meaningScoresOf } from './meaning-scores.ts';

/** Most groups given a suggestion per request: the list shows the strongest first. */
export const MAX_SUGGESTED_GROUPS = 100;

export interface LooksLike {
  questionId: string;
  questionText: string;
  score: number;
  isRecorded: boolean;
}

/**
 * Finds, for each text, the script's question whose phrasings (its question and alternates) come
 * closest in meaning, at its model's `looksLike` bar or above; null without one, or when the
 * embedder has no vector for the text yet. An unrecorded question is named too (`isRecorded`
 * false): visitors asking for it are a reason to record it, and scripting their words as a new
 * question would only make a second one to record (issue 68).
 */
export function suggestAlternates(
  embedder: Embedder | undefined,
  texts: readonly string[],
  answers: Iterable<MatchableAnswer>,
): (LooksLike | null)[] {
  if (!embedder || texts.length === 0) {
    return texts.map(() => null);
  }
  const bar = meaningScoresOf(embedder.id).looksLike;
  const phrasings: { answer: MatchableAnswer; vector: Float32Array }[] = [];
  for (const answer of answers) {
    for (const text of new Set([answer.text, ...answer.alternates])) {
      const vector = embedder.embed(text);
      if (vector) {
        phrasings.push({ answer, vector });
      }
    }
  }
  return texts.map((text) => {
    const vector = embedder.embed(text);
    if (!vector) {
      return null;
    }
    let best: LooksLike | null = null;
    for (const phrasing of phrasings) {
      const score = computeCosine(vector, phrasing.vector);
      if (score >= bar && score > (best?.score ?? 0)) {
        best = {
          questionId: phrasing.answer.questionId,
          questionText: phrasing.answer.text,
          score: Math.round(score * 1e4) / 1e4,
          isRecorded: phrasing.answer.isRecorded,
        };
      }
    }
    return best;
  });
}
