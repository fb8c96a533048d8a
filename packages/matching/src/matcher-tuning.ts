// The scoring knobs of a matcher and their defaults: what the README's figures were measured with.
import type { AutoThresholdOptions } from './calibrate.ts';
import { DEFAULT_DECISION_TUNING } from './decision-calibration.ts';
import type { DecisionTuning } from './decision-calibration.ts';

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
  /**
   * A learned question's share (0–1) of an author's phrasing (issue 50 item 2): its cosines, words
   * and vectors, count this much when it is an answer's best phrasing. In the profile, the centroid
   * and the classifier it counts like any phrasing: that is where what was learned moves the ranking.
   * 0.6: wrong answers played after learning 8.9% (12.5% at 0.85) on the learning simulation
   * (README, docs/experiments/matching.md).
   */
  learnedWeight: number;
  /**
   * What the storyfile's visitors asked, unlabelled (`setVisitorQuestions`, `src/visitor-log.ts`):
   * below this many distinct questions the log changes nothing.
   */
  visitorLogMinQuestions: number;
  /** The power of a question's feature's rarity in the log that its weight is multiplied by (0: off). */
  visitorLogRarity: number;
  /** Share of an answer's hubness against the log taken off its semantic score (0: off). */
  visitorLogHubness: number;
  /** How many nearest logged questions an answer's hubness is the mean cosine of. */
  visitorLogNeighbours: number;
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
  /** How the bars of playing and asking back are chosen (see `chooseDecisionPolicy`). */
  decision: Readonly<DecisionTuning>;
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
  learnedWeight: 0.6,
  visitorLogMinQuestions: 100,
  visitorLogRarity: 1,
  visitorLogHubness: 0.5,
  visitorLogNeighbours: 100,
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
  decision: DEFAULT_DECISION_TUNING,
});

/**
 * What changes of `DEFAULT_TUNING` for the vectors of one sentence model, by its id (`Embedder.id`):
 * every default above was chosen on USE lite's cosines, and another model's have another scale and
 * other errors. Chosen on the development benchmark and the 30-answer storyfiles (issue 64; README,
 * "Sentence models"). all-MiniLM-L6-v2: its meaning weighs 0.7 against the words (0.5: best match
 * 66.6% of the development benchmark's visitors, 0.7: 68.5%, 0.9: 69.7% with more asked back;
 * 30-answer CLINC150 72.8% right at the automatic threshold, 70.0% at 0.5), and 10% of the
 * storyfile's neighbour questions may be played (the right answer played to 40.1% at 4.2% wrong;
 * 0.08: 36.6% at 2.5%; 0.15: 46.1% at 6.9%, with the right one played or offered under the goal's 85%).
 * A learned question weighs 0.4 of an author's phrasing (0.6 for USE lite): in the learning
 * simulation, honest visitors teach as much (second half: right played 56.2%, 56.6% at 0.6, 57.0% at
 * 0.8), and visitors who press wrong on purpose, two cookies each, get a wrong answer played to 4.7%
 * of the next visitors (13.0% at 0.6, 5.7% at 0.8; before learning 7.1%).
 */
export const EMBEDDER_TUNING: Readonly<Record<string, Readonly<Partial<MatcherTuning>>>> =
  Object.freeze({
    'all-minilm-l6-v2': Object.freeze({
      embeddingWeight: 0.7,
      learnedWeight: 0.4,
      decision: Object.freeze({ ...DEFAULT_DECISION_TUNING, playRisk: 0.1 }),
    }),
  });

/** The tuning a matcher scores with: the defaults, its model's own, then the caller's. */
export function tuningFor(
  embedderId: string | undefined,
  overrides: Readonly<Partial<MatcherTuning>> = {},
): MatcherTuning {
  return {
    ...DEFAULT_TUNING,
    ...(embedderId === undefined ? {} : EMBEDDER_TUNING[embedderId]),
    ...overrides,
  };
}
