// The knobs of the sentence-vector scoring, set from `MatcherTuning` (`matcher-tuning.ts`).
import type { AnswerRecord } from './answer-index.ts';

/** How sentence vectors score an answer (see `MatcherTuning`). */
export interface SemanticSettings {
  /** Weight of the similarity to the answer's centroid against the best phrasing's. */
  centroidWeight: number;
  /**
   * Cosine that counts as "unrelated": similarities are rescaled from [floor, 1] to [0, 1] so that
   * the semantic score speaks on the lexical score's scale (two unrelated questions are at ~0.1-0.3
   * with USE lite, never 0).
   */
  floor: number;
  /**
   * Share (0-1) of the mean of the script's phrasing vectors taken off every vector, the question's
   * included, before cosines: what all of a storyfile's phrasings share (its subject, the model's
   * own bias) then no longer makes every answer look close. 0 leaves vectors as they are.
   */
  centering?: number;
  /**
   * Weight of each answer's cohesion (how close its phrasings are to one another) against the
   * script's mean cohesion, taken off its cosine: a question must come closer to an answer whose
   * phrasings say the same thing than to one whose phrasings range wide. 0 turns it off.
   */
  cohesionWeight?: number;
  /**
   * Share (0-1) of the semantic score that comes from the storyfile's own classifier (kernel ridge
   * regression on the phrasings' vectors, `src/ridge.ts`) rather than from cosines. 0 turns it off.
   */
  classifierWeight?: number;
  /** The classifier's ridge λ (regularisation). */
  classifierRidge?: number;
  /** The classifier's kernel: cosine + `classifierMix` × exp(`classifierGamma` (cosine − 1)). */
  classifierGamma?: number;
  classifierMix?: number;
  /** Above this many phrasings the classifier is not trained (its cost grows as their cube). */
  classifierMaxPhrasings?: number;
  /**
   * Further training rows per answer (its transcript's mean passage vector, issue 40): an answer of
   * one phrasing with a transcript then has something to learn from. Read when the classifier is
   * trained; `invalidateClassifier` after they change.
   */
  extraRows?: () => ReadonlyMap<AnswerRecord, readonly Float32Array[]>;
  /** A learned question's share of an author's phrasing in the best cosine (default 1). */
  learnedWeight?: number;
  /** `classifierWeight` of a classifier trained with extra rows (transcripts); default the same. */
  classifierWeightWithExtras?: number;
}
