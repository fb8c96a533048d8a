// The scoring unit of a matcher: a question's features and vector, the two-pass ranking of the
// answers (lexical, blended with sentence vectors when they are ready), the contrast, the decision
// and what a candidate is shown with. Reads the state of `matcher-state.ts`; writes only its
// scratch space (and `hasOffTopicVectors`, once true).
import { CATEGORY_TERM_PREFIX } from './categories.ts';
import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { extractFeatures } from './features.ts';
import type { FeatureKey, TextFeatures } from './features.ts';
import { classifyTerm } from './function-words.ts';
import { POSTING_CHUNK } from './posting-pool.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import { selectTopK } from './top-k.ts';
import { compareScored, LOW_BAND, roundScore, weighTermCount } from './matcher-state.ts';
import type { MatcherState, PreparedQuery, ScoredAnswer } from './matcher-state.ts';
import type { Confidence, MatchDecision } from './types.ts';

export function prepareQuery(state: MatcherState, text: string): PreparedQuery {
  const features = extractFeatures(text, state.categoryIndex, state.featureSettings);
  const ids: number[] = [];
  const factors: number[] = [];
  const familyScales = new Float64Array(state.familyCount);
  let weightSum = 0;
  const occurrencesById = new Map<number, number>();
  features.occurrences.forEach((occurrences, family) => {
    occurrencesById.clear();
    const unseen = new Map<FeatureKey, number>();
    for (const key of occurrences) {
      const id = state.index.lookupFeature(family, key);
      if (id === undefined) {
        unseen.set(key, (unseen.get(key) ?? 0) + 1);
      } else {
        occurrencesById.set(id, (occurrencesById.get(id) ?? 0) + 1);
      }
    }
    let normSquared = 0;
    // Words the storyfile never uses still count in the question's norm, pulling scores down.
    for (const count of unseen.values()) {
      const weight = weighTermCount(count) * state.index.getUnseenIdf();
      normSquared += weight * weight;
    }
    for (const [id, count] of occurrencesById) {
      const idf = state.index.getIdf(id);
      const weight = weighTermCount(count) * idf;
      normSquared += weight * weight;
      ids.push(id);
      // Light words count fully in the norms (the question is still made of them) but weigh less
      // in what the question shares with a phrasing: sharing "how" and "you" says little.
      factors.push(weight * idf * state.index.getPrior(id));
    }
    // Families absent from the question (a one-word question has no bigram) drop out of the blend.
    if (normSquared > 0) {
      familyScales[family] = 1 / Math.sqrt(normSquared);
      weightSum += state.tuning.familyWeights[family] ?? 0;
    }
  });
  for (let family = 0; family < state.familyCount; family++) {
    familyScales[family] =
      weightSum > 0
        ? (familyScales[family]! * (state.tuning.familyWeights[family] ?? 0)) / weightSum
        : 0;
  }
  for (let i = 0; i < ids.length; i++) {
    factors[i] = factors[i]! * familyScales[state.index.families[ids[i]!]!]!;
  }
  return { features, ids, factors };
}

export function ensureScratch(state: MatcherState): void {
  const phrasingSlots = state.index.phrasings.length;
  if (state.phrasingScores.length < phrasingSlots) {
    state.phrasingScores = new Float64Array(
      Math.max(phrasingSlots, state.phrasingScores.length * 2, 64),
    );
  }
  const answerSlots = state.index.coarseInverseProfileNorms[0]!.length;
  if (state.answerScores.length < answerSlots) {
    const size = Math.max(answerSlots, state.answerScores.length * 2, 64);
    state.answerScores = new Float64Array(size);
    state.profileScores = new Float64Array(size);
    state.semanticScores = new Float64Array(size);
    state.transcriptScores = new Float64Array(size);
  }
  const featureCount = state.index.countFeatures();
  if (state.queryFactors.length < featureCount) {
    state.queryFactors = new Float64Array(
      Math.max(featureCount, state.queryFactors.length * 2, 256),
    );
  }
}

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
  const heads = pool.heads;
  const nextChunk = pool.nextChunk;
  const postingSlots = pool.slots;
  const postingWeights = pool.weights;
  const order = Array.from(query.ids.keys()).sort(
    (a, b) => lengths[query.ids[a]!]! - lengths[query.ids[b]!]!,
  );
  const touchedPhrasings: number[] = [];
  const answerSlotOf = state.index.answerSlotOf;
  const families = state.index.families;
  const scores = state.phrasingScores;
  const profiles = state.profileScores;
  for (let rank = 0; rank < order.length; rank++) {
    const position = order[rank]!;
    const id = query.ids[position]!;
    const length = lengths[id]!;
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
    let remaining = length;
    for (let chunk = heads[id]!; chunk >= 0 && remaining > 0; chunk = nextChunk[chunk]!) {
      const start = chunk * POSTING_CHUNK;
      const end = start + Math.min(POSTING_CHUNK, remaining);
      remaining -= end - start;
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
        scores[slot] = previous + contribution * postingWeights[at]! * inverseNorms[slot]! + 1e-12;
        const answerSlot = answerSlotOf[slot]!;
        profiles[answerSlot] =
          profiles[answerSlot]! + contribution * inverseProfileNorms[answerSlot]!;
      }
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
    const weights = record.termWeights;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const factor = state.queryFactors[id]!;
      if (factor !== 0) {
        const family = families[id]!;
        state.familyDots[family] = state.familyDots[family]! + factor * weights[i]!;
        state.familyHits[family] = state.familyHits[family]! + factor;
      }
    }
    const norms = state.index.getExactNorms(record);
    let lexical = 0;
    for (let family = 0; family < state.familyCount; family++) {
      if (norms[family]! > 0) {
        lexical += state.familyDots[family]! / norms[family]!;
      }
    }
    // The phrasing shown as matched is the one closest in both senses.
    const similarity =
      queryVector && state.semantic ? state.semantic.similarity(record, queryVector) : 0;
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

/**
 * The question's own words that the phrasing shares, strongest (rarest) first: as typed (lower
 * case), never a stem, and never a function or question word, which would explain nothing.
 */
export function describeTerms(
  state: MatcherState,
  query: TextFeatures,
  record: PhrasingRecord,
): string[] {
  const phrasingTerms = new Set(record.terms);
  const shared: { label: string; weight: number }[] = [];
  const seen = new Set<string>();
  query.terms.forEach((term, position) => {
    if (!phrasingTerms.has(term) || seen.has(term)) {
      return;
    }
    seen.add(term);
    const isCategory = term.startsWith(CATEGORY_TERM_PREFIX);
    const kind = isCategory ? 'content' : classifyTerm(term);
    if (kind === 'function' || kind === 'question') {
      return;
    }
    const id = state.index.lookupFeature(state.wordFamily, term);
    const label = isCategory
      ? CATEGORY_TERM_PREFIX + (state.categoryIndex.namesById.get(term.slice(1)) ?? term.slice(1))
      : (query.surfaces[position] ?? term);
    shared.push({
      label,
      weight: id === undefined ? 0 : state.index.getIdf(id) * state.index.getPrior(id),
    });
  });
  shared.sort((a, b) => b.weight - a.weight || (a.label < b.label ? -1 : 1));
  return shared.map((entry) => entry.label);
}

export function classify(score: number, isExact: boolean, threshold: number): Confidence {
  if (isExact) {
    return 'exact';
  }
  if (score >= threshold) {
    return 'paraphrase';
  }
  return score >= threshold * LOW_BAND ? 'low' : 'off-topic';
}

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
  if (queryVector && state.semantic) {
    state.semantic.scoreAll(
      state.index.answers.values(),
      queryVector,
      state.semanticScores,
      excluded,
      excludedAnswer,
    );
  }
  if (state.tuning.transcriptWeight > 0) {
    state.transcriptSlots = state.transcripts.scoreAll(
      text,
      queryVector,
      state.transcriptScores,
      excludedAnswer,
    );
  }
  try {
    return { query, ranked: rankAnswers(state, query, queryVector, excluded, excludedAnswer) };
  } finally {
    for (const slot of state.transcriptSlots) {
      state.transcriptScores[slot] = 0;
    }
    state.transcriptSlots = [];
    for (const id of query.ids) {
      state.queryFactors[id] = 0;
    }
    if (queryVector) {
      state.semanticScores.fill(0);
    }
  }
}

/**
 * Whether this question is scored with sentence vectors: every phrasing and every built-in
 * off-topic question must have one (so that the threshold is calibrated as the question is
 * scored), and the question too. Its unit vector, or undefined for the lexical scoring.
 */
export function questionVector(state: MatcherState, text: string): Float32Array | undefined {
  syncPassageVectors(state);
  return isSemanticReady(state) ? state.semantic?.embedQuestion(text) : undefined;
}

/**
 * Takes in the transcripts' passage vectors that arrived since the last look. They change the
 * scores, so the threshold is chosen again (they arrive in the embedder's batches, so a few times
 * while a script's transcripts are embedded). A question looks first, and so does a read of the
 * threshold: a server that reads it once the vectors are in calibrates off the visitors' path.
 */
export function syncPassageVectors(state: MatcherState): void {
  if (state.transcripts.sync()) {
    state.scriptVersion++;
    state.semantic?.invalidateClassifier();
    if (state.calibration) {
      state.calibration.isStale = true;
    }
  }
}

/** Every phrasing and built-in off-topic question has a vector (it asks the embedder again). */
export function isSemanticReady(state: MatcherState): boolean {
  const { semantic, embedder } = state;
  if (!semantic || !embedder || semantic.sync() > 0) {
    return false;
  }
  state.hasOffTopicVectors ||= OFF_TOPIC_QUESTIONS.every(
    (question) => embedder.embed(question) !== undefined,
  );
  return state.hasOffTopicVectors;
}

export function rankAnswers(
  state: MatcherState,
  query: PreparedQuery,
  queryVector: Float32Array | undefined,
  excluded: PhrasingRecord | undefined,
  excludedAnswer: AnswerRecord | undefined,
): ScoredAnswer[] {
  const scored = new Map<AnswerRecord, ScoredAnswer>();
  // An exact or near-exact phrasing wins outright.
  for (const record of state.index.findExact(query.features.terms.join(' '))) {
    if (record !== excluded && record.answer !== excludedAnswer && !scored.has(record.answer)) {
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

export function decide(first: ScoredAnswer | undefined, threshold: number): MatchDecision {
  if (!first || !(first.isExact || first.score >= threshold)) {
    return { kind: 'fallback', reason: 'off-topic' };
  }
  const { input } = first.answer;
  if (input.isRecorded === false) {
    // Playing a lower, recorded answer instead would answer a different question.
    return {
      kind: 'fallback',
      reason: 'not-recorded',
      answerId: first.answer.id,
      question: input.question,
      matchedPhrasing: first.phrasing.text,
    };
  }
  return { kind: 'answer', answerId: first.answer.id };
}
