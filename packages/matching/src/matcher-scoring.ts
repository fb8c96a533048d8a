// The scoring unit of a matcher: a question's two-pass ranking of the answers (lexical, blended
// with sentence vectors when they are ready) and the contrast. Reads the state of
// `matcher-state.ts`; writes only its scratch space. Its parts: the question prepared
// (`matcher-query.ts`), the first pass (`matcher-retrieval.ts`), the exact score
// (`matcher-answer-score.ts`); beside them the vectors' readiness (`matcher-vectors.ts`), the
// decision (`matcher-decide.ts`) and the shared words shown (`matcher-explain.ts`).
import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { ensureScratch, prepareQuery } from './matcher-query.ts';
import { retrieveAnswerSlots } from './matcher-retrieval.ts';
import { scoreAnswer } from './matcher-answer-score.ts';
import { compareScored, roundScore } from './matcher-state.ts';
import { correctHubness } from './visitor-log.ts';
import type { MatcherState, PreparedQuery, ScoredAnswer } from './matcher-state.ts';

/**
 * Scores a question against every answer, best first. `excluded` leaves one stored phrasing out,
 * as if it had never been indexed (idf aside), so that it can be asked as a held-out question;
 * `excludedAnswer` leaves a whole answer out, so that its phrasings can be asked as questions
 * the rest of the script does not answer.
 */
export function scoreQuestion(
  state: MatcherState,
  text: string,
  queryVector: Float32Array | undefined,
  excluded?: PhrasingRecord,
  excludedAnswer?: AnswerRecord,
): { query: PreparedQuery; ranked: ScoredAnswer[] } | undefined {
  const query = prepareQuery(state, text);
  if (query.features.terms.length === 0) {
    return undefined;
  }
  state.index.prepareForQuery();
  ensureScratch(state);
  query.ids.forEach((id, i) => {
    state.queryFactors[id] = query.factors[i]!;
  });
  try {
    return scoreWithFactors(state, text, query, queryVector, excluded, excludedAnswer);
  } finally {
    // The factors are shared by the thread's matchers (`ensureScratch`): left as they were found.
    for (const id of query.ids) {
      state.queryFactors[id] = 0;
    }
  }
}

function scoreWithFactors(
  state: MatcherState,
  text: string,
  query: PreparedQuery,
  queryVector: Float32Array | undefined,
  excluded: PhrasingRecord | undefined,
  excludedAnswer: AnswerRecord | undefined,
): { query: PreparedQuery; ranked: ScoredAnswer[] } {
  if (queryVector && state.semantic) {
    state.semantic.scoreAll(
      state.index.answers.values(),
      queryVector,
      state.semanticScores,
      excluded,
      excludedAnswer,
    );
    correctHubness(state, state.semanticScores);
  }
  if (state.tuning.transcriptWeight > 0) {
    // The transcripts' centroids are rows of the classifier: their cosines were just computed.
    const { semantic } = state;
    state.transcriptSlots = state.transcripts.scoreAll(
      text,
      queryVector,
      state.transcriptScores,
      excludedAnswer,
      queryVector && semantic ? (vector) => semantic.knownCosine(vector, queryVector) : undefined,
    );
  }
  try {
    return { query, ranked: rankAnswers(state, query, queryVector, excluded, excludedAnswer) };
  } finally {
    for (const slot of state.transcriptSlots) {
      state.transcriptScores[slot] = 0;
    }
    state.transcriptSlots = [];
    if (queryVector) {
      state.semanticScores.fill(0);
    }
  }
}

/** Exact phrasings first, then the first pass's candidates scored exactly, contrasted, best first. */
export function rankAnswers(
  state: MatcherState,
  query: PreparedQuery,
  queryVector: Float32Array | undefined,
  excluded: PhrasingRecord | undefined,
  excludedAnswer: AnswerRecord | undefined,
): ScoredAnswer[] {
  const scored = new Map<AnswerRecord, ScoredAnswer>();
  // An exact or near-exact phrasing wins outright (an author's: a learned one is only scored).
  for (const record of state.index.findExact(query.features.terms.join(' '))) {
    if (
      record !== excluded &&
      !record.isLearned &&
      record.answer !== excludedAnswer &&
      !scored.has(record.answer)
    ) {
      scored.set(record.answer, {
        answer: record.answer,
        phrasing: record,
        score: 1,
        isExact: true,
      });
    }
  }
  const excludedSlot = excluded?.slot ?? -1;
  const excludedAnswerSlot = excludedAnswer?.slot ?? -1;
  for (const answerSlot of retrieveAnswerSlots(
    state,
    query,
    queryVector !== undefined,
    excludedSlot,
    excludedAnswerSlot,
  )) {
    const answer = state.index.getAnswerBySlot(answerSlot);
    if (answer && !scored.has(answer)) {
      const entry = scoreAnswer(state, answer, queryVector, excluded);
      if (entry && entry.score > 0) {
        scored.set(answer, entry);
      }
    }
  }
  return applyContrast(state, [...scored.values()].sort(compareScored));
}

/** Adds each candidate's contrast with the best other answer (`MatcherTuning.contrastWeight`). */
export function applyContrast(state: MatcherState, ranked: ScoredAnswer[]): ScoredAnswer[] {
  const weight = state.tuning.contrastWeight;
  const first = ranked[0];
  if (weight === 0 || !first) {
    return ranked;
  }
  const firstScore = first.score;
  const secondScore = ranked[1]?.score ?? 0;
  for (let i = 0; i < ranked.length; i++) {
    const entry = ranked[i]!;
    if (!entry.isExact) {
      const other = i === 0 ? secondScore : firstScore;
      entry.score = roundScore(entry.score + weight * (entry.score - other));
    }
  }
  // Exact matches keep 1; a clamped lower score can tie with the next, so the order is re-settled.
  return ranked.sort(compareScored);
}
