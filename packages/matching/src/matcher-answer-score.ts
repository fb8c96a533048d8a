// The second pass of the scoring: one answer's exact score from its phrasings, its profile, its
// sentence vectors and its transcript.
import { TERM_COUNT_WEIGHTS, type AnswerRecord, type PhrasingRecord } from './answer-index.ts';
import { roundScore } from './matcher-state.ts';
import type { MatcherState, ScoredAnswer } from './matcher-state.ts';

/**
 * Exact score of one answer: its best phrasing's cosine blended with its profile's cosine (and
 * with its best embedding similarity when there is an embedder). The profile's dot product is the
 * sum of the phrasings' shared-feature hits, so one walk over the phrasings gives both.
 */
export function scoreAnswer(
  state: MatcherState,
  answer: AnswerRecord,
  queryVector: Float32Array | undefined,
  excluded: PhrasingRecord | undefined,
): ScoredAnswer | undefined {
  const families = state.index.families;
  const embeddingWeight = queryVector ? state.tuning.embeddingWeight : 0;
  state.familyHits.fill(0);
  let best: PhrasingRecord | undefined;
  let bestCombined = -1;
  let bestLexical = 0;
  for (const record of answer.phrasings) {
    if (record === excluded) {
      continue;
    }
    state.familyDots.fill(0);
    const ids = record.featureIds;
    const counts = record.termCounts;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const factor = state.queryFactors[id]!;
      if (factor !== 0) {
        const family = families[id]!;
        state.familyDots[family] =
          state.familyDots[family]! + factor * TERM_COUNT_WEIGHTS[counts[i]!]!;
        state.familyHits[family] = state.familyHits[family]! + factor;
      }
    }
    const norms = state.index.getExactNorms(record);
    // A learned question counts `learnedWeight` of an author's phrasing (issue 50 item 2).
    const weight = record.isLearned ? state.tuning.learnedWeight : 1;
    let lexical = 0;
    for (let family = 0; family < state.familyCount; family++) {
      if (norms[family]! > 0) {
        lexical += state.familyDots[family]! / norms[family]!;
      }
    }
    // The phrasing shown as matched is the one closest in both senses.
    lexical *= weight;
    const similarity =
      queryVector && state.semantic ? weight * state.semantic.similarity(record, queryVector) : 0;
    bestLexical = Math.max(bestLexical, lexical);
    const combined = (1 - embeddingWeight) * lexical + embeddingWeight * similarity;
    if (combined > bestCombined) {
      bestCombined = combined;
      best = record;
    }
  }
  if (!best) {
    return undefined;
  }
  const profileNorms =
    excluded?.answer === answer
      ? state.index.computeProfileNormsWithout(answer, excluded)
      : state.index.getExactProfileNorms(answer);
  let profileScore = 0;
  for (let family = 0; family < state.familyCount; family++) {
    if (profileNorms[family]! > 0) {
      profileScore += state.familyHits[family]! / profileNorms[family]!;
    }
  }
  const lexical =
    (1 - state.tuning.profileWeight) * bestLexical + state.tuning.profileWeight * profileScore;
  const score = withTranscript(
    state,
    (1 - embeddingWeight) * lexical + embeddingWeight * state.semanticScores[answer.slot]!,
    answer.slot,
  );
  return { answer, phrasing: best, score: roundScore(score), isExact: false };
}

/** An answer's score from its phrasings, lifted by its transcript's evidence (`transcriptWeight`). */
export function withTranscript(state: MatcherState, score: number, answerSlot: number): number {
  const evidence = state.transcriptScores[answerSlot]!;
  const weight = state.tuning.transcriptWeight;
  if (evidence === 0 || weight === 0) {
    return score;
  }
  switch (state.tuning.transcriptMode) {
    case 'blend':
      return (1 - weight) * score + weight * evidence;
    case 'max':
      return Math.max(score, weight * evidence);
    case 'lift':
      return score + weight * Math.max(0, evidence - score);
  }
}
