import { CATEGORY_TERM_PREFIX, createCategoryIndex } from './categories.ts';
import type { CategoryIndex } from './categories.ts';
import { extractFeatures, FAMILY_COUNT, WORD_FAMILY } from './features.ts';
import type { TextFeatures } from './features.ts';
import type {
  AnswerInput,
  Candidate,
  Category,
  Confidence,
  Embedder,
  MatchOptions,
  MatchResult,
} from './types.ts';

/**
 * Score at or above which the best candidate is answered rather than sent to the fallback, when a
 * storyfile has no calibrated threshold yet. Chosen on CLINC150 few-shot val (see README).
 */
export const DEFAULT_THRESHOLD = 0.3;

/** Below `threshold × LOW_BAND` a candidate is reported as off-topic rather than low. */
export const LOW_BAND = 0.6;

/** Scoring knobs. The defaults are what the README's figures were measured with. */
export interface MatcherTuning {
  /** Relative weights of the word, word-bigram and character n-gram cosines. */
  familyWeights: readonly [word: number, bigram: number, char: number];
  charGramMin: number;
  charGramMax: number;
  /** Count document frequency over answers (a term shared by one answer's phrasings stays rare). */
  idfLevel: 'answer' | 'phrasing';
  /**
   * Weight of the answer-profile cosine (all of an answer's phrasings pooled, each term counted
   * once per phrasing) against the best single-phrasing cosine.
   */
  profileWeight: number;
  /** Weight of the embedder's cosine against the lexical score, when an embedder is given. */
  embeddingWeight: number;
}

export const DEFAULT_TUNING: MatcherTuning = {
  familyWeights: [0.4, 0.2, 0.4],
  charGramMin: 3,
  charGramMax: 5,
  idfLevel: 'answer',
  profileWeight: 0.5,
  embeddingWeight: 0.5,
};

export interface MatcherOptions {
  categories?: Category[];
  /** Per-storyfile out-of-scope threshold on the 0–1 score; see `calibrateThreshold`. */
  threshold?: number;
  embedder?: Embedder;
  tuning?: Partial<MatcherTuning>;
}

/** A storyfile's answer index. Mutations are incremental; scoring state is refreshed lazily. */
export interface Matcher {
  upsertAnswer(answer: AnswerInput): void;
  removeAnswer(answerId: string): boolean;
  setCategories(categories: Category[]): void;
  setThreshold(threshold: number): void;
  getThreshold(): number;
  hasAnswer(answerId: string): boolean;
  /** Number of answers indexed. */
  countAnswers(): number;
  match(text: string, options?: MatchOptions): MatchResult;
}

interface PhrasingSlot {
  answer: AnswerSlot;
  text: string;
  features: TextFeatures;
  exactKey: string;
  featureIds: Int32Array;
  termWeights: Float64Array;
  /** Per-family vector norms under the current idf. */
  norms: Float64Array;
  embedding: Float32Array | undefined;
}

interface AnswerSlot {
  id: string;
  /** Index into the per-answer scratch arrays. */
  slot: number;
  input: AnswerInput;
  phrasings: number[];
  /** Feature id → number of this answer's phrasings that contain it: the answer's profile. */
  featureRefs: Map<number, number>;
  /** Per-family norms of the profile under the current idf. */
  profileNorms: Float64Array;
}

interface Posting {
  phrasings: number[];
  weights: number[];
}

const DEFAULT_LIMIT = 5;

function weighTermCount(count: number): number {
  return 1 + Math.log(count);
}

function compareCandidates(a: Candidate, b: Candidate): number {
  if (b.score !== a.score) {
    return b.score - a.score;
  }
  // Ties go to the smaller id so that the same index always answers the same way.
  return a.answerId < b.answerId ? -1 : a.answerId > b.answerId ? 1 : 0;
}

function exactKeyOf(features: TextFeatures): string {
  return features.terms.join(' ');
}

function cosineOf(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

function assertThreshold(threshold: number): number {
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw new RangeError(`threshold must be between 0 and 1, got ${threshold}`);
  }
  return threshold;
}

function sqrtInPlace(values: Float64Array): void {
  for (let i = 0; i < values.length; i++) {
    values[i] = Math.sqrt(values[i] ?? 0);
  }
}

function listPhrasingTexts(answer: AnswerInput): string[] {
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const text of [answer.question, ...(answer.alternates ?? [])]) {
    const trimmed = text.trim();
    if (trimmed !== '' && !seen.has(trimmed)) {
      seen.add(trimmed);
      texts.push(trimmed);
    }
  }
  return texts;
}

/** Creates an empty answer matcher for one storyfile. */
export function createMatcher(options: MatcherOptions = {}): Matcher {
  const tuning: MatcherTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const featureSettings = { charGramMin: tuning.charGramMin, charGramMax: tuning.charGramMax };
  const embedder = options.embedder;
  let threshold = assertThreshold(options.threshold ?? DEFAULT_THRESHOLD);
  let categoryIndex: CategoryIndex = createCategoryIndex(options.categories ?? []);

  const featureIds = new Map<string, number>();
  const featureFamilies: number[] = [];
  const postings: Posting[] = [];
  const phrasingDf: number[] = [];
  const answerDf: number[] = [];

  const phrasings: (PhrasingSlot | undefined)[] = [];
  const freePhrasings: number[] = [];
  const answers = new Map<string, AnswerSlot>();
  const answerSlots: (AnswerSlot | undefined)[] = [];
  const freeAnswerSlots: number[] = [];
  const exactIndex = new Map<string, Set<number>>();
  let phrasingCount = 0;

  let idf = new Float64Array(0);
  let isIdfStale = true;
  // Scratch accumulators reused across queries, one row per family.
  let phrasingDots: Float64Array[] = [];
  let phrasingHits: Float64Array[] = [];
  let isPhrasingTouched = new Uint8Array(0);
  let profileDots: Float64Array[] = [];
  let bestPhrasingScores = new Float64Array(0);
  let bestPhrasingSlots = new Int32Array(0);
  let isAnswerTouched = new Uint8Array(0);

  function internFeature(key: string): number {
    let id = featureIds.get(key);
    if (id === undefined) {
      id = featureFamilies.length;
      featureIds.set(key, id);
      featureFamilies.push(key.charCodeAt(0) - 48);
      postings.push({ phrasings: [], weights: [] });
      phrasingDf.push(0);
      answerDf.push(0);
    }
    return id;
  }

  function countDocuments(): number {
    return tuning.idfLevel === 'answer' ? answers.size : phrasingCount;
  }

  function idfOf(df: number, total: number): number {
    return Math.log((total + 1) / (df + 1)) + 1;
  }

  // Document frequencies are kept exact on every edit; the idf table and the vector norms that
  // depend on it are recomputed in one linear pass on the next query after any edit.
  function refreshIdf(): void {
    if (!isIdfStale) {
      return;
    }
    const total = countDocuments();
    const df = tuning.idfLevel === 'answer' ? answerDf : phrasingDf;
    idf = new Float64Array(featureFamilies.length);
    for (let id = 0; id < featureFamilies.length; id++) {
      idf[id] = idfOf(df[id] ?? 0, total);
    }
    for (const slot of phrasings) {
      if (slot) {
        slot.norms.fill(0);
        for (let i = 0; i < slot.featureIds.length; i++) {
          const id = slot.featureIds[i] ?? 0;
          const weight = (slot.termWeights[i] ?? 0) * (idf[id] ?? 0);
          const family = featureFamilies[id] ?? 0;
          slot.norms[family] = (slot.norms[family] ?? 0) + weight * weight;
        }
        sqrtInPlace(slot.norms);
      }
    }
    for (const answer of answers.values()) {
      answer.profileNorms.fill(0);
      for (const [id, refs] of answer.featureRefs) {
        const weight = refs * (idf[id] ?? 0);
        const family = featureFamilies[id] ?? 0;
        answer.profileNorms[family] = (answer.profileNorms[family] ?? 0) + weight * weight;
      }
      sqrtInPlace(answer.profileNorms);
    }
    isIdfStale = false;
  }

  function addPhrasing(answer: AnswerSlot, text: string): void {
    const features = extractFeatures(text, categoryIndex, featureSettings);
    const slotId = freePhrasings.pop() ?? phrasings.length;
    const ids = new Int32Array(features.counts.size);
    const weights = new Float64Array(features.counts.size);
    let i = 0;
    for (const [key, count] of features.counts) {
      const id = internFeature(key);
      const weight = weighTermCount(count);
      ids[i] = id;
      weights[i] = weight;
      const posting = postings[id];
      if (posting) {
        posting.phrasings.push(slotId);
        posting.weights.push(weight);
      }
      phrasingDf[id] = (phrasingDf[id] ?? 0) + 1;
      const refs = answer.featureRefs.get(id) ?? 0;
      if (refs === 0) {
        answerDf[id] = (answerDf[id] ?? 0) + 1;
      }
      answer.featureRefs.set(id, refs + 1);
      i++;
    }
    const exactKey = exactKeyOf(features);
    phrasings[slotId] = {
      answer,
      text,
      features,
      exactKey,
      featureIds: ids,
      termWeights: weights,
      norms: new Float64Array(FAMILY_COUNT),
      embedding: embedder?.embed(text),
    };
    answer.phrasings.push(slotId);
    const exactSet = exactIndex.get(exactKey) ?? new Set<number>();
    exactSet.add(slotId);
    exactIndex.set(exactKey, exactSet);
    phrasingCount++;
    isIdfStale = true;
  }

  function removePhrasing(slotId: number): void {
    const slot = phrasings[slotId];
    if (!slot) {
      return;
    }
    const { answer } = slot;
    for (let i = 0; i < slot.featureIds.length; i++) {
      const id = slot.featureIds[i] ?? 0;
      const posting = postings[id];
      if (posting) {
        const at = posting.phrasings.indexOf(slotId);
        if (at >= 0) {
          // Order inside a posting list does not matter, so swap-remove keeps this O(1) after lookup.
          const last = posting.phrasings.length - 1;
          posting.phrasings[at] = posting.phrasings[last] ?? 0;
          posting.weights[at] = posting.weights[last] ?? 0;
          posting.phrasings.pop();
          posting.weights.pop();
        }
      }
      phrasingDf[id] = (phrasingDf[id] ?? 1) - 1;
      const refs = (answer.featureRefs.get(id) ?? 1) - 1;
      if (refs === 0) {
        answer.featureRefs.delete(id);
        answerDf[id] = (answerDf[id] ?? 1) - 1;
      } else {
        answer.featureRefs.set(id, refs);
      }
    }
    const exactSet = exactIndex.get(slot.exactKey);
    exactSet?.delete(slotId);
    if (exactSet?.size === 0) {
      exactIndex.delete(slot.exactKey);
    }
    answer.phrasings = answer.phrasings.filter((id) => id !== slotId);
    phrasings[slotId] = undefined;
    freePhrasings.push(slotId);
    phrasingCount--;
    isIdfStale = true;
  }

  function upsertAnswer(input: AnswerInput): void {
    const texts = listPhrasingTexts(input);
    let answer = answers.get(input.id);
    if (!answer) {
      const slot = freeAnswerSlots.pop() ?? answerSlots.length;
      answer = {
        id: input.id,
        slot,
        input,
        phrasings: [],
        featureRefs: new Map(),
        profileNorms: new Float64Array(FAMILY_COUNT),
      };
      answers.set(input.id, answer);
      answerSlots[slot] = answer;
      isIdfStale = true;
    }
    answer.input = { ...input, alternates: [...(input.alternates ?? [])] };
    // Only phrasings whose text changed are re-indexed; the rest keep their features.
    const wanted = new Set(texts);
    const kept = new Set<string>();
    for (const slotId of [...answer.phrasings]) {
      const text = phrasings[slotId]?.text ?? '';
      if (wanted.has(text) && !kept.has(text)) {
        kept.add(text);
      } else {
        removePhrasing(slotId);
      }
    }
    for (const text of texts) {
      if (!kept.has(text)) {
        addPhrasing(answer, text);
      }
    }
  }

  function removeAnswer(answerId: string): boolean {
    const answer = answers.get(answerId);
    if (!answer) {
      return false;
    }
    for (const slotId of [...answer.phrasings]) {
      removePhrasing(slotId);
    }
    answers.delete(answerId);
    answerSlots[answer.slot] = undefined;
    freeAnswerSlots.push(answer.slot);
    isIdfStale = true;
    return true;
  }

  function setCategories(next: Category[]): void {
    categoryIndex = createCategoryIndex(next);
    // Categories change the terms of every phrasing, so this one change does re-index everything.
    for (const answer of [...answers.values()]) {
      for (const slotId of [...answer.phrasings]) {
        removePhrasing(slotId);
      }
      upsertAnswer(answer.input);
    }
  }

  function ensureScratch(): void {
    if (isPhrasingTouched.length < phrasings.length) {
      const size = Math.max(phrasings.length, isPhrasingTouched.length * 2, 64);
      isPhrasingTouched = new Uint8Array(size);
      phrasingDots = Array.from({ length: FAMILY_COUNT }, () => new Float64Array(size));
      phrasingHits = Array.from({ length: FAMILY_COUNT }, () => new Float64Array(size));
    }
    if (isAnswerTouched.length < answerSlots.length) {
      const size = Math.max(answerSlots.length, isAnswerTouched.length * 2, 64);
      isAnswerTouched = new Uint8Array(size);
      profileDots = Array.from({ length: FAMILY_COUNT }, () => new Float64Array(size));
      bestPhrasingScores = new Float64Array(size);
      bestPhrasingSlots = new Int32Array(size);
    }
  }

  function describeTerms(query: TextFeatures, slot: PhrasingSlot): string[] {
    const phrasingTerms = new Set(slot.features.terms);
    const shared: { term: string; weight: number }[] = [];
    const seen = new Set<string>();
    for (const term of query.terms) {
      if (!phrasingTerms.has(term) || seen.has(term)) {
        continue;
      }
      seen.add(term);
      const id = featureIds.get(`${WORD_FAMILY}${term}`);
      const weight = id === undefined ? 0 : (idf[id] ?? 0);
      const label = term.startsWith(CATEGORY_TERM_PREFIX)
        ? CATEGORY_TERM_PREFIX + (categoryIndex.namesById.get(term.slice(1)) ?? term.slice(1))
        : term;
      shared.push({ term: label, weight });
    }
    shared.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
    return shared.map((entry) => entry.term);
  }

  function classify(score: number, isExact: boolean): Confidence {
    if (isExact) {
      return 'exact';
    }
    if (score >= threshold) {
      return 'paraphrase';
    }
    return score >= threshold * LOW_BAND ? 'low' : 'off-topic';
  }

  function match(text: string, matchOptions: MatchOptions = {}): MatchResult {
    const limit = Math.max(0, matchOptions.limit ?? DEFAULT_LIMIT);
    const query = extractFeatures(text, categoryIndex, featureSettings);
    if (query.terms.length === 0) {
      return { decision: { kind: 'fallback', reason: 'empty' }, candidates: [] };
    }
    if (answers.size === 0) {
      return { decision: { kind: 'fallback', reason: 'off-topic' }, candidates: [] };
    }
    refreshIdf();
    ensureScratch();

    // Pass 1: walk the postings of the question's features. Unknown features still count in the
    // question's norm, so words the storyfile never uses pull every score down.
    const unseenIdf = idfOf(0, countDocuments());
    const queryNorms = new Float64Array(FAMILY_COUNT);
    const touchedPhrasings: number[] = [];
    for (const [key, count] of query.counts) {
      const id = featureIds.get(key);
      const family = key.charCodeAt(0) - 48;
      const featureIdf = id === undefined ? unseenIdf : (idf[id] ?? 0);
      const weight = weighTermCount(count) * featureIdf;
      queryNorms[family] = (queryNorms[family] ?? 0) + weight * weight;
      const posting = id === undefined ? undefined : postings[id];
      const dots = phrasingDots[family];
      const hits = phrasingHits[family];
      if (!posting || !dots || !hits) {
        continue;
      }
      const scaled = weight * featureIdf;
      const ids = posting.phrasings;
      const weights = posting.weights;
      for (let i = 0; i < ids.length; i++) {
        const slotId = ids[i] ?? 0;
        dots[slotId] = (dots[slotId] ?? 0) + scaled * (weights[i] ?? 0);
        hits[slotId] = (hits[slotId] ?? 0) + scaled;
        if (isPhrasingTouched[slotId] === 0) {
          isPhrasingTouched[slotId] = 1;
          touchedPhrasings.push(slotId);
        }
      }
    }

    // Families absent from the question (a one-word question has no bigram) drop out of the blend.
    const familyWeights = new Float64Array(FAMILY_COUNT);
    let weightSum = 0;
    for (let family = 0; family < FAMILY_COUNT; family++) {
      queryNorms[family] = Math.sqrt(queryNorms[family] ?? 0);
      if ((queryNorms[family] ?? 0) > 0) {
        familyWeights[family] = tuning.familyWeights[family] ?? 0;
        weightSum += familyWeights[family] ?? 0;
      }
    }
    if (weightSum > 0) {
      for (let family = 0; family < FAMILY_COUNT; family++) {
        familyWeights[family] = (familyWeights[family] ?? 0) / weightSum;
      }
    }

    const queryEmbedding = embedder?.embed(text);
    if (queryEmbedding) {
      // An embedding can match with no shared term, so every phrasing is a candidate.
      for (let slotId = 0; slotId < phrasings.length; slotId++) {
        if (phrasings[slotId] && isPhrasingTouched[slotId] === 0) {
          isPhrasingTouched[slotId] = 1;
          touchedPhrasings.push(slotId);
        }
      }
    }

    // Pass 2: phrasing cosines, best phrasing per answer, and the answer profiles' dot products.
    const touchedAnswers: AnswerSlot[] = [];
    for (const slotId of touchedPhrasings) {
      isPhrasingTouched[slotId] = 0;
      const slot = phrasings[slotId];
      let score = 0;
      for (let family = 0; family < FAMILY_COUNT; family++) {
        const dots = phrasingDots[family] as Float64Array;
        const hits = phrasingHits[family] as Float64Array;
        const dot = dots[slotId] ?? 0;
        const hit = hits[slotId] ?? 0;
        dots[slotId] = 0;
        hits[slotId] = 0;
        if (!slot) {
          continue;
        }
        const norm = (queryNorms[family] ?? 0) * (slot.norms[family] ?? 0);
        if (norm > 0) {
          score += (familyWeights[family] ?? 0) * (dot / norm);
        }
        const profile = profileDots[family] as Float64Array;
        profile[slot.answer.slot] = (profile[slot.answer.slot] ?? 0) + hit;
      }
      if (!slot) {
        continue;
      }
      if (queryEmbedding && slot.embedding) {
        const similarity = Math.max(0, cosineOf(queryEmbedding, slot.embedding));
        score = (1 - tuning.embeddingWeight) * score + tuning.embeddingWeight * similarity;
      }
      const answerSlot = slot.answer.slot;
      if (isAnswerTouched[answerSlot] === 0) {
        isAnswerTouched[answerSlot] = 1;
        touchedAnswers.push(slot.answer);
        bestPhrasingScores[answerSlot] = score;
        bestPhrasingSlots[answerSlot] = slotId;
      } else if (
        score > (bestPhrasingScores[answerSlot] ?? 0) ||
        (score === bestPhrasingScores[answerSlot] && slotId < (bestPhrasingSlots[answerSlot] ?? 0))
      ) {
        bestPhrasingScores[answerSlot] = score;
        bestPhrasingSlots[answerSlot] = slotId;
      }
    }

    const exactAnswers = new Map<AnswerSlot, PhrasingSlot>();
    for (const slotId of exactIndex.get(exactKeyOf(query)) ?? []) {
      const slot = phrasings[slotId];
      if (slot && !exactAnswers.has(slot.answer)) {
        exactAnswers.set(slot.answer, slot);
      }
    }

    // Pass 3: blend best phrasing and profile into one 0–1 score per answer.
    const scored: { answer: AnswerSlot; slot: PhrasingSlot; score: number; isExact: boolean }[] =
      [];
    for (const answer of touchedAnswers) {
      const answerSlot = answer.slot;
      isAnswerTouched[answerSlot] = 0;
      let profileScore = 0;
      for (let family = 0; family < FAMILY_COUNT; family++) {
        const profile = profileDots[family] as Float64Array;
        const dot = profile[answerSlot] ?? 0;
        profile[answerSlot] = 0;
        const norm = (queryNorms[family] ?? 0) * (answer.profileNorms[family] ?? 0);
        if (norm > 0) {
          profileScore += (familyWeights[family] ?? 0) * (dot / norm);
        }
      }
      const exactSlot = exactAnswers.get(answer);
      const bestSlot = phrasings[bestPhrasingSlots[answerSlot] ?? 0];
      const slot = exactSlot ?? bestSlot;
      if (!slot) {
        continue;
      }
      const blended =
        (1 - tuning.profileWeight) * (bestPhrasingScores[answerSlot] ?? 0) +
        tuning.profileWeight * profileScore;
      scored.push({
        answer,
        slot,
        score: exactSlot ? 1 : Math.min(1, blended),
        isExact: exactSlot !== undefined,
      });
    }

    const candidates: Candidate[] = scored.map((entry) => ({
      answerId: entry.answer.id,
      score: entry.score,
      confidence: classify(entry.score, entry.isExact),
      matchedPhrasing: entry.slot.text,
      matchedTerms: [],
    }));
    const slotsById = new Map(scored.map((entry) => [entry.answer.id, entry.slot]));
    candidates.sort(compareCandidates);
    const top = candidates.slice(0, limit);
    for (const candidate of top) {
      const slot = slotsById.get(candidate.answerId);
      if (slot) {
        candidate.matchedTerms = describeTerms(query, slot);
      }
    }
    const first = candidates[0];
    const isAnswered =
      first !== undefined && (first.confidence === 'exact' || first.score >= threshold);
    return {
      decision:
        first && isAnswered
          ? { kind: 'answer', answerId: first.answerId }
          : { kind: 'fallback', reason: 'off-topic' },
      candidates: top,
    };
  }

  return {
    upsertAnswer,
    removeAnswer,
    setCategories,
    setThreshold(next: number) {
      threshold = assertThreshold(next);
    },
    getThreshold: () => threshold,
    hasAnswer: (answerId: string) => answers.has(answerId),
    countAnswers: () => answers.size,
    match,
  };
}
