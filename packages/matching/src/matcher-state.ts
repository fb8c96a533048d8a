import { createCategoryIndex } from './categories.ts';
import type { CategoryIndex } from './categories.ts';
import { createAnswerIndex } from './answer-index.ts';
import type { AnswerIndex, AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { FAMILY_COUNT, weighFeature, WORD_FAMILY } from './features.ts';
import type { FeatureSettings, TextFeatures } from './features.ts';
import type { AutoThresholdOptions } from './calibrate.ts';
import { createSemanticIndex } from './semantic.ts';
import type { SemanticIndex } from './semantic.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import { createTranscriptIndex } from './transcript.ts';
import type { TranscriptIndex } from './transcript.ts';
import type {
  AnswerInput,
  Category,
  Embedder,
  ThresholdReport,
  ThresholdSetting,
} from './types.ts';

// The state of one matcher, as one explicit object, with its tuning and the helpers its units
// share (see `matcher.ts`).

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
  /**
   * Weight of an answer's transcript evidence (`src/transcript.ts`): the score becomes
   * q + transcriptWeight × max(0, t − q) (`transcriptMode` 'lift'), (1 − w) q + w t ('blend') or
   * max(q, w t) ('max'), for the answer's score q from its phrasings and t from its transcript. 0
   * turns transcripts off.
   */
  transcriptWeight: number;
  transcriptMode: 'lift' | 'blend' | 'max';
  /** Share of the transcript score from passage vectors, when the matcher scores with vectors. */
  transcriptSemanticShare: number;
  /** Cosine rescaled to 0 for a passage (as `embeddingFloor`). */
  transcriptFloor: number;
  /** Sentences per passage. */
  transcriptPassageSentences: number;
  /** BM25's k1 and b for the transcript's words (`TranscriptSettings.wordsK1`); k1 0 = presence. */
  transcriptWordsK1: number;
  transcriptWordsLengthB: number;
  /** Share of a transcript's meaning from its mean vector's cosine (the rest: its best passage's). */
  transcriptCentroidShare: number;
  /** Share of a transcript's mean cosine with the built-in off-topic questions taken off (hubs). */
  transcriptHubShare: number;
  /** Whether transcript passages are training rows of the storyfile's classifier. */
  transcriptClassifier: boolean;
  /** `embeddingClassifier` when the classifier was trained with transcript rows. */
  transcriptClassifierWeight: number;
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
  transcriptWeight: 0.2,
  transcriptMode: 'blend',
  transcriptSemanticShare: 0.7,
  transcriptFloor: 0.2,
  transcriptPassageSentences: 8,
  transcriptWordsK1: 0,
  transcriptWordsLengthB: 0.75,
  transcriptCentroidShare: 0,
  transcriptHubShare: 0,
  transcriptClassifier: true,
  transcriptClassifierWeight: 0.5,
  rescoreCount: 32,
  rescoreRatio: 0.3,
  scanLimit: 256,
  scanShare: 0.01,
  autoThreshold: Object.freeze({
    maxNegativeRate: 0.05,
    maxNeighbourRate: 0.15,
    minNeighbourSamples: 20,
    neighbourScale: 30,
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
export interface PreparedQuery {
  features: TextFeatures;
  /** Ids of the question's features that the index knows. */
  ids: number[];
  /**
   * Per known feature: its contribution to a cosine per unit of document weight, i.e. the family's
   * blend weight / the question's norm in that family × the question's tf-idf weight × idf.
   */
  factors: number[];
}

export interface Calibration {
  isSemantic: boolean;
  version: number;
  report: ThresholdReport;
  driftBudget: number;
  isStale: boolean;
}

export interface ScoredAnswer {
  answer: AnswerRecord;
  phrasing: PhrasingRecord;
  score: number;
  isExact: boolean;
}

export const DEFAULT_LIMIT = 5;
// Held-out phrasings asked when calibrating, at most: enough for a stable quantile, and a bounded
// cost (a few hundred questions) on the first question after a change to a large script.
export const MAX_HELD_OUT_SAMPLES = 300;
// Neighbour questions asked when calibrating, at most, for the same reasons.
export const MAX_NEIGHBOUR_SAMPLES = 300;
// A script of at least this many phrasings keeps its automatic threshold through small edits (see
// `RECALIBRATION_DRIFT_SHARE`); a smaller one recalibrates after every edit, which is cheap there.
export const RECALIBRATION_MIN_PHRASINGS = 1_000;
// Share of a large script's phrasings that may differ from those it was calibrated on before the
// automatic threshold is chosen again. Calibrating asks up to ~900 questions (seconds on a script of
// 2,000 answers); a review round adds a few phrasings, which move a threshold chosen from hundreds
// of samples by next to nothing. So a round refreshes the index at once (incremental) and the
// threshold only once edits add up to this share; a fresh build of the script then agrees again.
export const RECALIBRATION_DRIFT_SHARE = 0.01;
export const NO_PHRASINGS: ReadonlySet<string> = new Set();
// Scores are rounded so that float noise from summation order can never break a tie differently.
export const SCORE_PRECISION = 1e6;

export function weighTermCount(count: number): number {
  return 1 + Math.log(count);
}

export function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * SCORE_PRECISION) / SCORE_PRECISION;
}

export function compareScored(a: ScoredAnswer, b: ScoredAnswer): number {
  if (b.score !== a.score) {
    return b.score - a.score;
  }
  // Ties go to the smaller id so that the same index always answers the same way.
  return a.answer.id < b.answer.id ? -1 : a.answer.id > b.answer.id ? 1 : 0;
}

export function assertThreshold(setting: ThresholdSetting): ThresholdSetting {
  if (setting === 'auto') {
    return setting;
  }
  if (!Number.isFinite(setting) || setting < 0 || setting > 1) {
    throw new RangeError(`threshold must be 'auto' or between 0 and 1, got ${setting}`);
  }
  return setting;
}

export function listPhrasingTexts(answer: AnswerInput): string[] {
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

/** Everything a matcher holds, in one object: the index (answers, phrasings, postings, sentence
 * vectors), the calibration of its automatic threshold, and the scratch space of its questions.
 * The index unit (`matcher-index.ts`) edits it, the scoring unit (`matcher-scoring.ts`) reads it
 * to answer a question, the calibration unit (`matcher-calibration.ts`) keeps the threshold. */
export interface MatcherState {
  readonly tuning: MatcherTuning;
  readonly featureSettings: FeatureSettings;
  readonly familyCount: number;
  readonly wordFamily: number;
  readonly embedder: Embedder | undefined;
  readonly semantic: SemanticIndex | undefined;
  /** The answers' transcripts (evidence apart from their phrasings). */
  readonly transcripts: TranscriptIndex;
  /** Whether the embedder had a vector for every built-in off-topic question (once true, it stays). */
  hasOffTopicVectors: boolean;
  thresholdSetting: ThresholdSetting;
  /**
   * Bumped by every change to the script's phrasings or categories; the automatic threshold is
   * recomputed lazily, on the first question after a change.
   */
  scriptVersion: number;
  /**
   * The automatic threshold of the scoring in force (lexical, or lexical with sentence vectors),
   * and the other one's while the script has not changed since (a question without a vector).
   */
  calibration: Calibration | undefined;
  spareCalibration: Calibration | undefined;
  /**
   * Each answer's phrasings as last calibrated, and per answer how many differ now (added or
   * gone): an edit that is later undone (a preview's trial change) leaves no drift.
   */
  calibratedPhrasings: Map<string, ReadonlySet<string>>;
  readonly drift: Map<string, number>;
  driftTotal: number;
  categoryIndex: CategoryIndex;
  readonly index: AnswerIndex;
  // Scratch space reused by every question.
  phrasingScores: Float64Array;
  answerScores: Float64Array;
  profileScores: Float64Array;
  semanticScores: Float64Array;
  transcriptScores: Float64Array;
  /** Answer slots the current question has a transcript score for. */
  transcriptSlots: number[];
  /** Feature id → the current question's factor (0 for features not in the question). */
  queryFactors: Float64Array;
  readonly familyDots: Float64Array;
  readonly familyHits: Float64Array;
}

/** The state of an empty matcher. */
export function createMatcherState(options: MatcherOptions): MatcherState {
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
  const transcripts = createTranscriptIndex(embedder, {
    semanticShare: tuning.transcriptSemanticShare,
    floor: tuning.transcriptFloor,
    passageSentences: tuning.transcriptPassageSentences,
    wordsK1: tuning.transcriptWordsK1,
    wordsLengthB: tuning.transcriptWordsLengthB,
    centroidShare: tuning.transcriptCentroidShare,
    hubShare: tuning.transcriptHubShare,
    references: OFF_TOPIC_QUESTIONS,
  });
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
        ...(tuning.transcriptClassifier && tuning.transcriptWeight > 0
          ? {
              extraRows: () => transcripts.classifierRows(),
              classifierWeightWithExtras: tuning.transcriptClassifierWeight,
            }
          : {}),
      })
    : undefined;
  // Whether the embedder had a vector for every built-in off-topic question (once true, it stays).
  const hasOffTopicVectors = false;
  const thresholdSetting = assertThreshold(options.threshold ?? 'auto');
  // Bumped by every change to the script's phrasings or categories; the automatic threshold is
  // recomputed lazily, on the first question after a change.
  const scriptVersion = 0;
  // The automatic threshold of the scoring in force (lexical, or lexical with sentence vectors),
  // and the other one's while the script has not changed since (a question without a vector).
  const calibration: Calibration | undefined = undefined;
  const spareCalibration: Calibration | undefined = undefined;
  // Each answer's phrasings as last calibrated, and per answer how many differ now (added or gone):
  // an edit that is later undone (a preview's trial change) leaves no drift.
  const calibratedPhrasings = new Map<string, ReadonlySet<string>>();
  const drift = new Map<string, number>();
  const driftTotal = 0;
  const categoryIndex: CategoryIndex = createCategoryIndex(options.categories ?? []);
  const index = createAnswerIndex(tuning.idfLevel, (family, key) =>
    weighFeature(family, key, featureSettings),
  );

  // Scratch space reused by every question.
  const phrasingScores = new Float64Array(0);
  const answerScores = new Float64Array(0);
  const profileScores = new Float64Array(0);
  const semanticScores = new Float64Array(0);
  const transcriptScores = new Float64Array(0);
  const transcriptSlots: number[] = [];
  // Feature id → the current question's factor (0 for features not in the question).
  const queryFactors = new Float64Array(0);
  const familyDots = new Float64Array(familyCount);
  const familyHits = new Float64Array(familyCount);
  return {
    tuning,
    featureSettings,
    familyCount,
    wordFamily,
    embedder,
    semantic,
    transcripts,
    hasOffTopicVectors,
    thresholdSetting,
    scriptVersion,
    calibration,
    spareCalibration,
    calibratedPhrasings,
    drift,
    driftTotal,
    categoryIndex,
    index,
    phrasingScores,
    answerScores,
    profileScores,
    semanticScores,
    transcriptScores,
    transcriptSlots,
    queryFactors,
    familyDots,
    familyHits,
  };
}
