// The first pass of the scoring: approximate scores from the postings, to pick the answers that
// the second pass (`matcher-answer-score.ts`) scores exactly.
import { TERM_COUNT_WEIGHTS32 } from './index-scratch.ts';
import { selectTopK } from './top-k.ts';
import { withTranscript } from './matcher-answer-score.ts';
import type { MatcherState, PreparedQuery } from './matcher-state.ts';

/**
 * First pass: approximate scores from the postings of the question's rarer features, enough to
 * pick which answers deserve an exact score. On small storyfiles every posting is short, so
 * nothing is skipped.
 */
export function retrieveAnswerSlots(
  state: MatcherState,
  query: PreparedQuery,
  isSemantic: boolean,
  excludedSlot: number,
  excludedAnswerSlot: number,
): number[] {
  const scanLimit = Math.max(
    state.tuning.scanLimit,
    state.tuning.scanShare * state.index.countPhrasings(),
  );
  const pool = state.index.postings;
  const lengths = pool.lengths;
  const starts = pool.starts;
  const postingSlots = pool.slots;
  const postingCounts = pool.counts;
  const order = Array.from(query.ids.keys()).sort(
    (a, b) => (lengths[query.ids[a]!] ?? 0) - (lengths[query.ids[b]!] ?? 0),
  );
  const touchedPhrasings: number[] = [];
  const answerSlotOf = state.index.answerSlotOf;
  const families = state.index.families;
  const scores = state.phrasingScores;
  const profiles = state.profileScores;
  for (let rank = 0; rank < order.length; rank++) {
    const position = order[rank]!;
    const id = query.ids[position]!;
    const length = lengths[id] ?? 0;
    // Always scan the two rarest features so that a question of common words still finds answers.
    if (length > scanLimit && rank >= 2) {
      break;
    }
    const contribution = query.factors[position]!;
    if (contribution === 0) {
      continue;
    }
    const family = families[id]!;
    const inverseNorms = state.index.coarseInverseNorms[family]!;
    const inverseProfileNorms = state.index.coarseInverseProfileNorms[family]!;
    const start = starts[id] ?? 0;
    const end = start + length;
    for (let at = start; at < end; at++) {
      const slot = postingSlots[at]!;
      if (slot === excludedSlot || answerSlotOf[slot] === excludedAnswerSlot) {
        continue;
      }
      const previous = scores[slot]!;
      if (previous === 0) {
        touchedPhrasings.push(slot);
      }
      // A tiny floor keeps "touched" distinguishable from "untouched" if a product underflows.
      scores[slot] =
        previous +
        contribution * TERM_COUNT_WEIGHTS32[postingCounts[at]!]! * inverseNorms[slot]! +
        1e-12;
      const answerSlot = answerSlotOf[slot]!;
      profiles[answerSlot] =
        profiles[answerSlot]! + contribution * inverseProfileNorms[answerSlot]!;
    }
  }
  const touchedAnswers: number[] = [];
  for (const slot of touchedPhrasings) {
    const score = scores[slot]!;
    scores[slot] = 0;
    const answerSlot = answerSlotOf[slot]!;
    const best = state.answerScores[answerSlot]!;
    if (best === 0) {
      touchedAnswers.push(answerSlot);
    }
    if (score > best) {
      state.answerScores[answerSlot] = score;
    }
  }
  const profileWeight = state.tuning.profileWeight;
  for (const answerSlot of touchedAnswers) {
    state.answerScores[answerSlot] =
      (1 - profileWeight) * state.answerScores[answerSlot]! + profileWeight * profiles[answerSlot]!;
    profiles[answerSlot] = 0;
  }
  if (isSemantic) {
    // A sentence vector can match with no shared term, so every answer is a candidate.
    const embeddingWeight = state.tuning.embeddingWeight;
    const lexicalWeight = 1 - embeddingWeight;
    const touched = new Set(touchedAnswers);
    for (const answer of state.index.answers.values()) {
      const answerSlot = answer.slot;
      if (answerSlot === excludedAnswerSlot) {
        continue;
      }
      if (!touched.has(answerSlot)) {
        touchedAnswers.push(answerSlot);
      }
      state.answerScores[answerSlot] =
        lexicalWeight * state.answerScores[answerSlot]! +
        embeddingWeight * state.semanticScores[answerSlot]! +
        1e-12;
    }
  }
  if (state.transcriptSlots.length > 0) {
    // A transcript can cover a question no phrasing shares a word with: its answer is a candidate.
    const touched = new Set(touchedAnswers);
    for (const answerSlot of state.transcriptSlots) {
      if (!touched.has(answerSlot)) {
        touchedAnswers.push(answerSlot);
      }
      state.answerScores[answerSlot] =
        withTranscript(state, state.answerScores[answerSlot]!, answerSlot) + 1e-12;
    }
  }
  const selected = selectTopK(touchedAnswers, state.answerScores, state.tuning.rescoreCount);
  const floor = (state.answerScores[selected[0] ?? 0] ?? 0) * state.tuning.rescoreRatio;
  const worthRescoring = selected.filter((answerSlot) => state.answerScores[answerSlot]! >= floor);
  for (const answerSlot of touchedAnswers) {
    state.answerScores[answerSlot] = 0;
  }
  return worthRescoring;
}
