import { CATEGORY_TERM_PREFIX, createCategoryIndex } from './categories.ts';
import type { CategoryIndex } from './categories.ts';
import { createAnswerIndex } from './answer-index.ts';
import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { extractFeatures, FAMILY_COUNT, weighFeature, WORD_FAMILY } from './features.ts';
import type { FeatureKey, TextFeatures } from './features.ts';
import { classifyTerm } from './function-words.ts';
import { POSTING_CHUNK } from './posting-pool.ts';
import { chooseAutoThreshold } from './calibrate.ts';
import type { AutoThresholdOptions, CalibrationSample } from './calibrate.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import { createSemanticIndex } from './semantic.ts';
import { selectTopK } from './top-k.ts';
import type {
  AnswerInput,
  Candidate,
  Category,
  Confidence,
  Embedder,
  MatchDecision,
  MatchOptions,
  MatchResult,
  ThresholdReport,
  ThresholdSetting,
} from './types.ts';

/**
 * Score at or above which the best candidate is answered rather than sent to the fallback, for a
 * storyfile without a calibrated threshold. It is what `calibrateThreshold` chooses (out-of-scope
 * recall ≥ 0.6) on CLINC150 few-shot val, whose 150 answers of 5 phrasings look like a storyfile.
 */
export const DEFAULT_THRESHOLD = 0.18;

/** Below `threshold × LOW_BAND` a candidate is reported as off-topic rather than low. */
export const LOW_BAND = 0.6;

/** Scoring knobs. The defaults are what the README's figures were measured with. */
export interface MatcherTuning {
  /** Relative weights of the word, word-bigram and character n-gram cosines. */
  familyWeights: readonly [word: number, bigram: number, char: number];
  charGramMin: number;
  charGramMax: number;
  /**
   * Weight of function words ("the", "you", "is"…) and of question words ("what", "where"…) against
   * 1 for a content word, in what a question shares with a phrasing (norms keep them at full weight:
   * a question made of them and one unknown word still shares little). Their character n-grams are
   * kept apart from content words' and weighted alike.
   */
  functionWordWeight: number;
  questionWordWeight: number;
  /** Weight of words that frame a question without naming its topic ("favourite", "tell"…). */
  framingWordWeight: number;
  /** Count document frequency over answers (a term shared by one answer's phrasings stays rare). */
  idfLevel: 'answer' | 'phrasing';
  /**
   * Weight of the answer-profile cosine (all of an answer's phrasings pooled, each term counted
   * once per phrasing) against the best single-phrasing cosine.
   */
  profileWeight: number;
  /**
   * Weight of a candidate's contrast with the best other answer: its score becomes
   * score + contrastWeight × (score − best other score), clamped to 0–1. The best answer gains its
   * lead over the second; the rest lose their gap to the first, so the order never changes. A
   * question that two answers fit about equally well is less sure of either.
   */
  contrastWeight: number;
  /**
   * Weight of the semantic score (sentence vectors) against the lexical one, once the embedder has
   * a vector for every phrasing and for the question.
   */
  embeddingWeight: number;
  /** Weight of the similarity to an answer's centroid against its best phrasing's, semantically. */
  embeddingCentroidWeight: number;
  /** Cosine rescaled to 0 in the semantic score ("unrelated"); see `SemanticSettings.floor`. */
  embeddingFloor: number;
  /** Share of the script's mean phrasing vector taken off every vector; see `SemanticSettings.centering`. */
  embeddingCentering: number;
  /** Weight of an answer's cohesion taken off its semantic score; see `SemanticSettings.cohesionWeight`. */
  embeddingCohesion: number;
  /**
   * Share of the semantic score from the storyfile's own classifier on the phrasings' vectors
   * (kernel ridge regression, one output per answer, trained at index time; `src/ridge.ts`).
   */
  embeddingClassifier: number;
  /** The classifier's ridge λ. */
  embeddingClassifierRidge: number;
  /** The classifier's kernel: cosine + mix × exp(gamma × (cosine − 1)); mix 0 = linear. */
  embeddingClassifierGamma: number;
  embeddingClassifierMix: number;
  /** Scripts with more phrasings than this score without the classifier (training is O(n³)). */
  embeddingClassifierMaxPhrasings: number;
  /** How many answers the first, approximate pass hands to exact scoring, at most. */
  rescoreCount: number;
  /** Only answers whose first-pass score is at least this share of the best one are rescored. */
  rescoreRatio: number;
  /**
   * The first pass skips features found in more than max(scanLimit, scanShare × phrasings)
   * phrasings: they are common, add little to the ranking, and cost the most to walk.
   */
  scanLimit: number;
  scanShare: number;
  /** How the automatic threshold is chosen (see `chooseAutoThreshold`). */
  autoThreshold: Readonly<AutoThresholdOptions>;
}

export const DEFAULT_TUNING: Readonly<MatcherTuning> = Object.freeze<MatcherTuning>({
  familyWeights: [0.4, 0.2, 0.4],
  charGramMin: 3,
  charGramMax: 5,
  functionWordWeight: 0.3,
  questionWordWeight: 1,
  framingWordWeight: 0.3,
  idfLevel: 'answer',
  profileWeight: 0.5,
  contrastWeight: 0.5,
  embeddingWeight: 0.5,
  embeddingCentroidWeight: 0.5,
  embeddingFloor: 0.2,
  embeddingCentering: 0,
  embeddingCohesion: 0,
  embeddingClassifier: 0.5,
  embeddingClassifierRidge: 0.1,
  embeddingClassifierGamma: 3,
  embeddingClassifierMix: 0.5,
  embeddingClassifierMaxPhrasings: 800,
  rescoreCount: 32,
  rescoreRatio: 0.3,
  scanLimit: 256,
  scanShare: 0.01,
  autoThreshold: Object.freeze({
    maxNegativeRate: 0.05,
    maxNeighbourRate: 0.15,
    minNeighbourSamples: 20,
    minHeldOutRecall: 0.9,
    minHeldOutSamples: 50,
    floor: 0.1,
    ceiling: 0.8,
  }),
});

export interface MatcherOptions {
  categories?: Category[];
  /**
   * The storyfile's out-of-scope threshold: `'auto'` (the default) lets the matcher choose it from
   * the script; a number (0–1), the owner's setting, is used as is.
   */
  threshold?: ThresholdSetting;
  embedder?: Embedder;
  tuning?: Partial<MatcherTuning>;
}

/** A storyfile's answer index. Mutations are incremental; scoring state is refreshed lazily. */
export interface Matcher {
  /** Adds an answer or replaces its question and alternates; unchanged phrasings are kept as is. */
  upsertAnswer(answer: AnswerInput): void;
  /** Removes an answer; `false` when there was none with that id. */
  removeAnswer(answerId: string): boolean;
  /** Replaces the namespace's categories; every phrasing is re-indexed because its terms change. */
  setCategories(categories: Category[]): void;
  /**
   * Sets the storyfile's out-of-scope threshold: a number (0–1) is used as is and overrides the
   * automatic one; `'auto'` goes back to it. Throws a RangeError for a number outside 0–1.
   */
  setThreshold(setting: ThresholdSetting): void;
  /** The threshold in force (with `'auto'`, calibrated first if the script changed since). */
  getThreshold(): number;
  /** The threshold in force, its setting, and for `'auto'` the samples it was chosen from. */
  getThresholdReport(): ThresholdReport;
  /**
   * Whether sentence vectors take part: `none` (no embedder), `pending` (some phrasings or the
   * built-in off-topic questions have no vector yet: the matcher answers lexically meanwhile) or
   * `ready`.
   */
  getEmbeddingState(): EmbeddingState;
  hasAnswer(answerId: string): boolean;
  /** Number of answers indexed. */
  countAnswers(): number;
  /** Ranks the answers for a visitor's question and decides between an answer and the fallback. */
  match(text: string, options?: MatchOptions): MatchResult;
}

/** See `Matcher.getEmbeddingState`. */
export type EmbeddingState =
  | { status: 'none' }
  | { status: 'pending'; embedder: string; missingPhrasings: number; phrasings: number }
  | { status: 'ready'; embedder: string; phrasings: number };

interface PreparedQuery {
  features: TextFeatures;
  /** Ids of the question's features that the index knows. */
  ids: number[];
  /**
   * Per known feature: its contribution to a cosine per unit of document weight, i.e. the family's
   * blend weight / the question's norm in that family × the question's tf-idf weight × idf.
   */
  factors: number[];
}

interface Calibration {
  isSemantic: boolean;
  version: number;
  report: ThresholdReport;
  driftBudget: number;
  isStale: boolean;
}

interface ScoredAnswer {
  answer: AnswerRecord;
  phrasing: PhrasingRecord;
  score: number;
  isExact: boolean;
}

const DEFAULT_LIMIT = 5;
// Held-out phrasings asked when calibrating, at most: enough for a stable quantile, and a bounded
// cost (a few hundred questions) on the first question after a change to a large script.
const MAX_HELD_OUT_SAMPLES = 300;
// Neighbour questions asked when calibrating, at most, for the same reasons.
const MAX_NEIGHBOUR_SAMPLES = 300;
// A script of at least this many phrasings keeps its automatic threshold through small edits (see
// `RECALIBRATION_DRIFT_SHARE`); a smaller one recalibrates after every edit, which is cheap there.
const RECALIBRATION_MIN_PHRASINGS = 1_000;
// Share of a large script's phrasings that may differ from those it was calibrated on before the
// automatic threshold is chosen again. Calibrating asks up to ~900 questions (seconds on a script of
// 2,000 answers); a review round adds a few phrasings, which move a threshold chosen from hundreds
// of samples by next to nothing. So a round refreshes the index at once (incremental) and the
// threshold only once edits add up to this share; a fresh build of the script then agrees again.
const RECALIBRATION_DRIFT_SHARE = 0.01;
const NO_PHRASINGS: ReadonlySet<string> = new Set();
// Scores are rounded so that float noise from summation order can never break a tie differently.
const SCORE_PRECISION = 1e6;

function weighTermCount(count: number): number {
  return 1 + Math.log(count);
}

function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * SCORE_PRECISION) / SCORE_PRECISION;
}

function compareScored(a: ScoredAnswer, b: ScoredAnswer): number {
  if (b.score !== a.score) {
    return b.score - a.score;
  }
  // Ties go to the smaller id so that the same index always answers the same way.
  return a.answer.id < b.answer.id ? -1 : a.answer.id > b.answer.id ? 1 : 0;
}

function assertThreshold(setting: ThresholdSetting): ThresholdSetting {
  if (setting === 'auto') {
    return setting;
  }
  if (!Number.isFinite(setting) || setting < 0 || setting > 1) {
    throw new RangeError(`threshold must be 'auto' or between 0 and 1, got ${setting}`);
  }
  return setting;
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
  const featureSettings = {
    charGramMin: tuning.charGramMin,
    charGramMax: tuning.charGramMax,
    functionWordWeight: tuning.functionWordWeight,
    questionWordWeight: tuning.questionWordWeight,
    framingWordWeight: tuning.framingWordWeight,
  };
  const familyCount = FAMILY_COUNT;
  const wordFamily = WORD_FAMILY;
  const embedder = options.embedder;
  const semantic = embedder
    ? createSemanticIndex(embedder, {
        centroidWeight: tuning.embeddingCentroidWeight,
        floor: tuning.embeddingFloor,
        centering: tuning.embeddingCentering,
        cohesionWeight: tuning.embeddingCohesion,
        classifierWeight: tuning.embeddingClassifier,
        classifierRidge: tuning.embeddingClassifierRidge,
        classifierGamma: tuning.embeddingClassifierGamma,
        classifierMix: tuning.embeddingClassifierMix,
        classifierMaxPhrasings: tuning.embeddingClassifierMaxPhrasings,
      })
    : undefined;
  // Whether the embedder had a vector for every built-in off-topic question (once true, it stays).
  let hasOffTopicVectors = false;
  let thresholdSetting = assertThreshold(options.threshold ?? 'auto');
  // Bumped by every change to the script's phrasings or categories; the automatic threshold is
  // recomputed lazily, on the first question after a change.
  let scriptVersion = 0;
  // The automatic threshold of the scoring in force (lexical, or lexical with sentence vectors),
  // and the other one's while the script has not changed since (a question without a vector).
  let calibration: Calibration | undefined;
  let spareCalibration: Calibration | undefined;
  // Each answer's phrasings as last calibrated, and per answer how many differ now (added or gone):
  // an edit that is later undone (a preview's trial change) leaves no drift.
  let calibratedPhrasings = new Map<string, ReadonlySet<string>>();
  const drift = new Map<string, number>();
  let driftTotal = 0;
  let categoryIndex: CategoryIndex = createCategoryIndex(options.categories ?? []);
  const index = createAnswerIndex(tuning.idfLevel, (family, key) =>
    weighFeature(family, key, featureSettings),
  );

  // Scratch space reused by every question.
  let phrasingScores = new Float64Array(0);
  let answerScores = new Float64Array(0);
  let profileScores = new Float64Array(0);
  let semanticScores = new Float64Array(0);
  // Feature id → the current question's factor (0 for features not in the question).
  let queryFactors = new Float64Array(0);
  const familyDots = new Float64Array(familyCount);
  const familyHits = new Float64Array(familyCount);

  function addPhrasing(answer: AnswerRecord, text: string): void {
    const features = extractFeatures(text, categoryIndex, featureSettings);
    index.addPhrasing(answer, text, features);
    semantic?.add(answer.phrasings.at(-1)!);
  }

  function upsertAnswer(input: AnswerInput): void {
    const stored: AnswerInput = { ...input, alternates: [...(input.alternates ?? [])] };
    const isNew = !index.answers.has(stored.id);
    const answer = index.ensureAnswer(stored);
    let isChanged = isNew;
    // Only phrasings whose text changed are re-indexed; the rest keep their features.
    const wanted = new Set(listPhrasingTexts(stored));
    const kept = new Set<string>();
    for (const record of [...answer.phrasings]) {
      if (wanted.has(record.text) && !kept.has(record.text)) {
        kept.add(record.text);
      } else {
        index.removePhrasing(record);
        semantic?.remove(record);
        isChanged = true;
      }
    }
    for (const text of wanted) {
      if (!kept.has(text)) {
        addPhrasing(answer, text);
        isChanged = true;
      }
    }
    // Whether an answer is recorded does not change any score, so it keeps the calibration.
    if (isChanged) {
      scriptVersion++;
      trackDrift(stored.id);
    }
  }

  /** Recounts how many of the answer's phrasings differ from those it was calibrated with. */
  function trackDrift(answerId: string): void {
    const current = new Set(index.answers.get(answerId)?.phrasings.map((record) => record.text));
    const calibrated = calibratedPhrasings.get(answerId) ?? NO_PHRASINGS;
    let changed = 0;
    for (const text of current) {
      if (!calibrated.has(text)) {
        changed++;
      }
    }
    for (const text of calibrated) {
      if (!current.has(text)) {
        changed++;
      }
    }
    driftTotal += changed - (drift.get(answerId) ?? 0);
    if (changed === 0) {
      drift.delete(answerId);
    } else {
      drift.set(answerId, changed);
    }
  }

  function removeAnswer(answerId: string): boolean {
    const answer = index.answers.get(answerId);
    if (!answer) {
      return false;
    }
    for (const record of answer.phrasings) {
      semantic?.remove(record);
    }
    index.removeAnswer(answer);
    scriptVersion++;
    trackDrift(answerId);
    return true;
  }

  function setCategories(next: Category[]): void {
    categoryIndex = createCategoryIndex(next);
    scriptVersion++;
    // New categories change every phrasing's terms: the next question recalibrates in full.
    if (calibration) {
      calibration.isStale = true;
    }
    // Categories change the terms of every phrasing, so this one change does re-index everything.
    for (const answer of [...index.answers.values()]) {
      for (const record of [...answer.phrasings]) {
        index.removePhrasing(record);
        semantic?.remove(record);
      }
      upsertAnswer(answer.input);
    }
  }

  function prepareQuery(text: string): PreparedQuery {
    const features = extractFeatures(text, categoryIndex, featureSettings);
    const ids: number[] = [];
    const factors: number[] = [];
    const familyScales = new Float64Array(familyCount);
    let weightSum = 0;
    const occurrencesById = new Map<number, number>();
    features.occurrences.forEach((occurrences, family) => {
      occurrencesById.clear();
      const unseen = new Map<FeatureKey, number>();
      for (const key of occurrences) {
        const id = index.lookupFeature(family, key);
        if (id === undefined) {
          unseen.set(key, (unseen.get(key) ?? 0) + 1);
        } else {
          occurrencesById.set(id, (occurrencesById.get(id) ?? 0) + 1);
        }
      }
      let normSquared = 0;
      // Words the storyfile never uses still count in the question's norm, pulling scores down.
      for (const count of unseen.values()) {
        const weight = weighTermCount(count) * index.getUnseenIdf();
        normSquared += weight * weight;
      }
      for (const [id, count] of occurrencesById) {
        const idf = index.getIdf(id);
        const weight = weighTermCount(count) * idf;
        normSquared += weight * weight;
        ids.push(id);
        // Light words count fully in the norms (the question is still made of them) but weigh less
        // in what the question shares with a phrasing: sharing "how" and "you" says little.
        factors.push(weight * idf * index.getPrior(id));
      }
      // Families absent from the question (a one-word question has no bigram) drop out of the blend.
      if (normSquared > 0) {
        familyScales[family] = 1 / Math.sqrt(normSquared);
        weightSum += tuning.familyWeights[family] ?? 0;
      }
    });
    for (let family = 0; family < familyCount; family++) {
      familyScales[family] =
        weightSum > 0
          ? (familyScales[family]! * (tuning.familyWeights[family] ?? 0)) / weightSum
          : 0;
    }
    for (let i = 0; i < ids.length; i++) {
      factors[i] = factors[i]! * familyScales[index.families[ids[i]!]!]!;
    }
    return { features, ids, factors };
  }

  function ensureScratch(): void {
    const phrasingSlots = index.phrasings.length;
    if (phrasingScores.length < phrasingSlots) {
      phrasingScores = new Float64Array(Math.max(phrasingSlots, phrasingScores.length * 2, 64));
    }
    const answerSlots = index.coarseInverseProfileNorms[0]!.length;
    if (answerScores.length < answerSlots) {
      const size = Math.max(answerSlots, answerScores.length * 2, 64);
      answerScores = new Float64Array(size);
      profileScores = new Float64Array(size);
      semanticScores = new Float64Array(size);
    }
    const featureCount = index.countFeatures();
    if (queryFactors.length < featureCount) {
      queryFactors = new Float64Array(Math.max(featureCount, queryFactors.length * 2, 256));
    }
  }

  /**
   * First pass: approximate scores from the postings of the question's rarer features, enough to
   * pick which answers deserve an exact score. On small storyfiles every posting is short, so
   * nothing is skipped.
   */
  function retrieveAnswerSlots(
    query: PreparedQuery,
    isSemantic: boolean,
    excludedSlot: number,
    excludedAnswerSlot: number,
  ): number[] {
    const scanLimit = Math.max(tuning.scanLimit, tuning.scanShare * index.countPhrasings());
    const pool = index.postings;
    const lengths = pool.lengths;
    const heads = pool.heads;
    const nextChunk = pool.nextChunk;
    const postingSlots = pool.slots;
    const postingWeights = pool.weights;
    const order = Array.from(query.ids.keys()).sort(
      (a, b) => lengths[query.ids[a]!]! - lengths[query.ids[b]!]!,
    );
    const touchedPhrasings: number[] = [];
    const answerSlotOf = index.answerSlotOf;
    const families = index.families;
    const scores = phrasingScores;
    const profiles = profileScores;
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
      const inverseNorms = index.coarseInverseNorms[family]!;
      const inverseProfileNorms = index.coarseInverseProfileNorms[family]!;
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
          scores[slot] =
            previous + contribution * postingWeights[at]! * inverseNorms[slot]! + 1e-12;
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
      const best = answerScores[answerSlot]!;
      if (best === 0) {
        touchedAnswers.push(answerSlot);
      }
      if (score > best) {
        answerScores[answerSlot] = score;
      }
    }
    const profileWeight = tuning.profileWeight;
    for (const answerSlot of touchedAnswers) {
      answerScores[answerSlot] =
        (1 - profileWeight) * answerScores[answerSlot]! + profileWeight * profiles[answerSlot]!;
      profiles[answerSlot] = 0;
    }
    if (isSemantic) {
      // A sentence vector can match with no shared term, so every answer is a candidate.
      const embeddingWeight = tuning.embeddingWeight;
      const lexicalWeight = 1 - embeddingWeight;
      const touched = new Set(touchedAnswers);
      for (const answer of index.answers.values()) {
        const answerSlot = answer.slot;
        if (answerSlot === excludedAnswerSlot) {
          continue;
        }
        if (!touched.has(answerSlot)) {
          touchedAnswers.push(answerSlot);
        }
        answerScores[answerSlot] =
          lexicalWeight * answerScores[answerSlot]! +
          embeddingWeight * semanticScores[answerSlot]! +
          1e-12;
      }
    }
    const selected = selectTopK(touchedAnswers, answerScores, tuning.rescoreCount);
    const floor = (answerScores[selected[0] ?? 0] ?? 0) * tuning.rescoreRatio;
    const worthRescoring = selected.filter((answerSlot) => answerScores[answerSlot]! >= floor);
    for (const answerSlot of touchedAnswers) {
      answerScores[answerSlot] = 0;
    }
    return worthRescoring;
  }

  /**
   * Exact score of one answer: its best phrasing's cosine blended with its profile's cosine (and
   * with its best embedding similarity when there is an embedder). The profile's dot product is the
   * sum of the phrasings' shared-feature hits, so one walk over the phrasings gives both.
   */
  function scoreAnswer(
    answer: AnswerRecord,
    queryVector: Float32Array | undefined,
    excluded: PhrasingRecord | undefined,
  ): ScoredAnswer | undefined {
    const families = index.families;
    const embeddingWeight = queryVector ? tuning.embeddingWeight : 0;
    familyHits.fill(0);
    let best: PhrasingRecord | undefined;
    let bestCombined = -1;
    let bestLexical = 0;
    for (const record of answer.phrasings) {
      if (record === excluded) {
        continue;
      }
      familyDots.fill(0);
      const ids = record.featureIds;
      const weights = record.termWeights;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        const factor = queryFactors[id]!;
        if (factor !== 0) {
          const family = families[id]!;
          familyDots[family] = familyDots[family]! + factor * weights[i]!;
          familyHits[family] = familyHits[family]! + factor;
        }
      }
      const norms = index.getExactNorms(record);
      let lexical = 0;
      for (let family = 0; family < familyCount; family++) {
        if (norms[family]! > 0) {
          lexical += familyDots[family]! / norms[family]!;
        }
      }
      // The phrasing shown as matched is the one closest in both senses.
      const similarity = queryVector && semantic ? semantic.similarity(record, queryVector) : 0;
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
        ? index.computeProfileNormsWithout(answer, excluded)
        : index.getExactProfileNorms(answer);
    let profileScore = 0;
    for (let family = 0; family < familyCount; family++) {
      if (profileNorms[family]! > 0) {
        profileScore += familyHits[family]! / profileNorms[family]!;
      }
    }
    const lexical = (1 - tuning.profileWeight) * bestLexical + tuning.profileWeight * profileScore;
    const score = (1 - embeddingWeight) * lexical + embeddingWeight * semanticScores[answer.slot]!;
    return { answer, phrasing: best, score: roundScore(score), isExact: false };
  }

  /**
   * The question's own words that the phrasing shares, strongest (rarest) first: as typed (lower
   * case), never a stem, and never a function or question word, which would explain nothing.
   */
  function describeTerms(query: TextFeatures, record: PhrasingRecord): string[] {
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
      const id = index.lookupFeature(wordFamily, term);
      const label = isCategory
        ? CATEGORY_TERM_PREFIX + (categoryIndex.namesById.get(term.slice(1)) ?? term.slice(1))
        : (query.surfaces[position] ?? term);
      shared.push({ label, weight: id === undefined ? 0 : index.getIdf(id) * index.getPrior(id) });
    });
    shared.sort((a, b) => b.weight - a.weight || (a.label < b.label ? -1 : 1));
    return shared.map((entry) => entry.label);
  }

  function classify(score: number, isExact: boolean, threshold: number): Confidence {
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
  function scoreQuestion(
    text: string,
    queryVector: Float32Array | undefined,
    excluded?: PhrasingRecord,
    excludedAnswer?: AnswerRecord,
  ): { query: PreparedQuery; ranked: ScoredAnswer[] } | undefined {
    const query = prepareQuery(text);
    if (query.features.terms.length === 0) {
      return undefined;
    }
    index.prepareForQuery();
    ensureScratch();
    query.ids.forEach((id, i) => {
      queryFactors[id] = query.factors[i]!;
    });
    if (queryVector && semantic) {
      semantic.scoreAll(
        index.answers.values(),
        queryVector,
        semanticScores,
        excluded,
        excludedAnswer,
      );
    }
    try {
      return { query, ranked: rankAnswers(query, queryVector, excluded, excludedAnswer) };
    } finally {
      for (const id of query.ids) {
        queryFactors[id] = 0;
      }
      if (queryVector) {
        semanticScores.fill(0);
      }
    }
  }

  /**
   * Whether this question is scored with sentence vectors: every phrasing and every built-in
   * off-topic question must have one (so that the threshold is calibrated as the question is
   * scored), and the question too. Its unit vector, or undefined for the lexical scoring.
   */
  function questionVector(text: string): Float32Array | undefined {
    return isSemanticReady() ? semantic?.embedQuestion(text) : undefined;
  }

  /** Every phrasing and built-in off-topic question has a vector (it asks the embedder again). */
  function isSemanticReady(): boolean {
    if (!semantic || !embedder || semantic.sync() > 0) {
      return false;
    }
    hasOffTopicVectors ||= OFF_TOPIC_QUESTIONS.every(
      (question) => embedder.embed(question) !== undefined,
    );
    return hasOffTopicVectors;
  }

  function rankAnswers(
    query: PreparedQuery,
    queryVector: Float32Array | undefined,
    excluded: PhrasingRecord | undefined,
    excludedAnswer: AnswerRecord | undefined,
  ): ScoredAnswer[] {
    const scored = new Map<AnswerRecord, ScoredAnswer>();
    // An exact or near-exact phrasing wins outright.
    for (const record of index.findExact(query.features.terms.join(' '))) {
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
      query,
      queryVector !== undefined,
      excludedSlot,
      excludedAnswerSlot,
    )) {
      const answer = index.getAnswerBySlot(answerSlot);
      if (answer && !scored.has(answer)) {
        const entry = scoreAnswer(answer, queryVector, excluded);
        if (entry && entry.score > 0) {
          scored.set(answer, entry);
        }
      }
    }
    return applyContrast([...scored.values()].sort(compareScored));
  }

  /** Adds each candidate's contrast with the best other answer (`MatcherTuning.contrastWeight`). */
  function applyContrast(ranked: ScoredAnswer[]): ScoredAnswer[] {
    const weight = tuning.contrastWeight;
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

  function match(text: string, matchOptions: MatchOptions = {}): MatchResult {
    const limit = Math.max(0, Math.floor(matchOptions.limit ?? DEFAULT_LIMIT));
    const vector = questionVector(text);
    // Calibrating (when due) asks questions of its own, so it runs before this one is scored.
    const threshold = calibrate(vector !== undefined).threshold;
    const scored = scoreQuestion(text, vector);
    const isSemantic = vector !== undefined;
    if (!scored) {
      return {
        decision: { kind: 'fallback', reason: 'empty' },
        candidates: [],
        threshold,
        isSemantic,
      };
    }
    const candidates: Candidate[] = scored.ranked.slice(0, limit).map((entry) => ({
      answerId: entry.answer.id,
      score: entry.score,
      confidence: classify(entry.score, entry.isExact, threshold),
      isRecorded: entry.answer.input.isRecorded !== false,
      matchedPhrasing: entry.phrasing.text,
      matchedTerms: describeTerms(scored.query.features, entry.phrasing),
    }));
    return { decision: decide(scored.ranked[0], threshold), candidates, threshold, isSemantic };
  }

  function decide(first: ScoredAnswer | undefined, threshold: number): MatchDecision {
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

  /**
   * Scores what the automatic threshold is chosen from: each stored phrasing of an answer that has
   * others, asked with itself left out (a paraphrase the script did not foresee), and each built-in
   * off-topic question. Sampled evenly, in a fixed order, so that the same script always gives the
   * same samples whatever its edit history.
   */
  function collectCalibrationSamples(isSemantic: boolean): CalibrationSample[] {
    // Every sample is scored as a visitor's question would be: with its vector when the matcher
    // scores with vectors.
    const vectorOf = (text: string) => (isSemantic ? semantic?.embedQuestion(text) : undefined);
    const heldOut: PhrasingRecord[] = [];
    const answers = [...index.answers.values()].sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    for (const answer of answers) {
      if (answer.phrasings.length >= 2) {
        heldOut.push(...[...answer.phrasings].sort((a, b) => (a.text < b.text ? -1 : 1)));
      }
    }
    const samples: CalibrationSample[] = [];
    const stride = Math.max(1, heldOut.length / MAX_HELD_OUT_SAMPLES);
    for (let at = 0; at < heldOut.length; at += stride) {
      const record = heldOut[Math.floor(at)]!;
      const top = scoreQuestion(record.text, vectorOf(record.text), record)?.ranked[0];
      samples.push({
        score: top?.score ?? 0,
        isOutOfScope: false,
        isTopCorrect: top?.answer === record.answer,
      });
    }
    // Neighbours: each phrasing asked with its whole answer left out. Needs another answer to go to.
    const neighbours =
      answers.length >= 2
        ? answers.flatMap((answer) =>
            [...answer.phrasings].sort((a, b) => (a.text < b.text ? -1 : 1)),
          )
        : [];
    const neighbourStride = Math.max(1, neighbours.length / MAX_NEIGHBOUR_SAMPLES);
    for (let at = 0; at < neighbours.length; at += neighbourStride) {
      const record = neighbours[Math.floor(at)]!;
      const top = scoreQuestion(record.text, vectorOf(record.text), undefined, record.answer)
        ?.ranked[0];
      // The same words under another answer (a duplicate phrasing) are not a neighbour question.
      if (!top?.isExact) {
        samples.push({
          score: top?.score ?? 0,
          isOutOfScope: true,
          isTopCorrect: false,
          isNeighbour: true,
        });
      }
    }
    for (const question of OFF_TOPIC_QUESTIONS) {
      const top = scoreQuestion(question, vectorOf(question))?.ranked[0];
      // A built-in question that the script itself asks is not off-topic for this storyfile.
      if (!top?.isExact) {
        samples.push({ score: top?.score ?? 0, isOutOfScope: true, isTopCorrect: false });
      }
    }
    return samples;
  }

  /** The threshold report of the scoring in force (`isSemantic`: with sentence vectors). */
  function calibrate(isSemantic: boolean): ThresholdReport {
    if (typeof thresholdSetting === 'number') {
      return { setting: thresholdSetting, threshold: thresholdSetting, source: 'explicit' };
    }
    if (
      calibration?.isSemantic === isSemantic &&
      (calibration.version === scriptVersion ||
        (!calibration.isStale && driftTotal <= calibration.driftBudget))
    ) {
      return calibration.report;
    }
    // Back to the other scoring (a question without a vector): its threshold, if still current.
    if (spareCalibration?.isSemantic === isSemantic && spareCalibration.version === scriptVersion) {
      [calibration, spareCalibration] = [spareCalibration, calibration];
      return calibration.report;
    }
    spareCalibration = calibration?.version === scriptVersion ? calibration : undefined;
    const samples = index.answers.size > 0 ? collectCalibrationSamples(isSemantic) : [];
    const chosen = chooseAutoThreshold(samples, tuning.autoThreshold);
    const report: ThresholdReport = chosen
      ? { setting: 'auto', source: 'auto', ...chosen }
      : { setting: 'auto', threshold: DEFAULT_THRESHOLD, source: 'default' };
    const phrasingCount = index.countPhrasings();
    calibration = {
      isSemantic,
      version: scriptVersion,
      report,
      driftBudget:
        phrasingCount >= RECALIBRATION_MIN_PHRASINGS
          ? Math.floor(phrasingCount * RECALIBRATION_DRIFT_SHARE)
          : 0,
      isStale: false,
    };
    calibratedPhrasings = new Map(
      [...index.answers.values()].map((answer) => [
        answer.id,
        new Set(answer.phrasings.map((record) => record.text)),
      ]),
    );
    drift.clear();
    driftTotal = 0;
    return report;
  }

  function getThreshold(): number {
    return getThresholdReport().threshold;
  }

  function getThresholdReport(): ThresholdReport {
    return calibrate(isSemanticReady());
  }

  function getEmbeddingState(): EmbeddingState {
    if (!semantic || !embedder) {
      return { status: 'none' };
    }
    const phrasings = index.countPhrasings();
    const isReady = isSemanticReady();
    const missingPhrasings = semantic.countMissing();
    return isReady
      ? { status: 'ready', embedder: embedder.id ?? 'embedder', phrasings }
      : { status: 'pending', embedder: embedder.id ?? 'embedder', missingPhrasings, phrasings };
  }

  return {
    upsertAnswer,
    removeAnswer,
    setCategories,
    setThreshold(next: ThresholdSetting) {
      thresholdSetting = assertThreshold(next);
    },
    getThreshold,
    getThresholdReport,
    getEmbeddingState,
    hasAnswer: (answerId: string) => index.answers.has(answerId),
    countAnswers: () => index.answers.size,
    match,
  };
}
