import { createCategoryIndex } from './categories.ts';
import type { CategoryIndex } from './categories.ts';
import { createAnswerIndex } from './answer-index.ts';
import type { AnswerIndex, AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { FAMILY_COUNT, weighFeature, WORD_FAMILY } from './features.ts';
import type { FeatureKey, FeatureSettings, TextFeatures } from './features.ts';
import { assertPlayRisk } from './decision-calibration.ts';
import type { DecisionScores, PlayRiskSetting } from './decision-calibration.ts';
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

import { tuningFor } from './matcher-tuning.ts';
import type { MatcherTuning } from './matcher-tuning.ts';

// The state of one matcher, as one explicit object, with the helpers its units share (see
// `matcher.ts`); its tuning is `matcher-tuning.ts`.

export { DEFAULT_THRESHOLD, DEFAULT_TUNING, LOW_BAND } from './matcher-tuning.ts';
export type { MatcherTuning } from './matcher-tuning.ts';

export interface MatcherOptions {
  categories?: Category[];
  /**
   * The storyfile's out-of-scope threshold: `'auto'` (the default) lets the matcher choose it from
   * the script; a number (0–1), the owner's setting, is used as is.
   */
  threshold?: ThresholdSetting;
  /**
   * The operating point between playing and asking back (issue 50): the share (0–1) of the
   * storyfile's neighbour questions that may still be played; `'auto'` (the default) is
   * `DEFAULT_DECISION_TUNING.playRisk`.
   */
  playRisk?: PlayRiskSetting;
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
  /** The calibration questions' top scores, from which the decision policy is chosen. */
  scores: DecisionScores;
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

/** The answer's learned questions that are not already one of its author's phrasings. */
export function listLearnedTexts(answer: AnswerInput): string[] {
  const authored = new Set(listPhrasingTexts(answer));
  const texts: string[] = [];
  for (const text of answer.learned ?? []) {
    const trimmed = text.trim();
    if (trimmed !== '' && !authored.has(trimmed)) {
      authored.add(trimmed);
      texts.push(trimmed);
    }
  }
  return texts;
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
/** What a storyfile's visitors asked, unlabelled, and what was derived from it (`src/visitor-log.ts`). */
export interface VisitorLog {
  /** The distinct questions, trimmed, in the order given. */
  readonly texts: readonly string[];
  /** Per family, each feature's count of logged questions (for the categories it was made with). */
  frequencies?: { categoryIndex: CategoryIndex; byFamily: Map<FeatureKey, number>[] };
  /** Each answer's hubness less the script's mean, for the script version it was computed at. */
  hubness?: { version: number; byAnswer: Map<AnswerRecord, number> };
}

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
  playRiskSetting: PlayRiskSetting;
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
  /** What visitors asked, unlabelled (`src/visitor-log.ts`); undefined: nothing logged. */
  visitorLog: VisitorLog | undefined;
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
  const tuning: MatcherTuning = tuningFor(options.embedder?.id, options.tuning);
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
        learnedWeight: tuning.learnedWeight,
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
  const playRiskSetting = assertPlayRisk(options.playRisk ?? 'auto');
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
    playRiskSetting,
    scriptVersion,
    calibration,
    spareCalibration,
    calibratedPhrasings,
    visitorLog: undefined,
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
