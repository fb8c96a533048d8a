import type { AutoThresholdOutcome } from './calibrate.ts';
import type { DecisionPolicy } from './decision.ts';

/** A namespace's group of interchangeable words or phrases ("film", "movie", "motion picture"). */
export interface Category {
  id: string;
  name: string;
  phrases: string[];
}

/** One recorded answer as the matcher sees it: its question and the other ways to ask it. */
export interface AnswerInput {
  id: string;
  question: string;
  alternates?: string[];
  /**
   * Questions the storyfile learned from its visitors for this answer (issue 50 item 2: pressed
   * suggestions, thumbs-up ratings, authors' corrections; `selectLearnedQuestions` applies the
   * safeguards). Phrasings of their own, weighed below the author's (`MatcherTuning.learnedWeight`),
   * never an exact match; one that is also an author's phrasing is the author's.
   */
  learned?: string[];
  /**
   * What the person says in the answer (its transcript), when known: evidence of its own of what
   * the answer covers, scored apart from the phrasings (its sentences are never phrasings).
   */
  transcript?: string;
  /**
   * Whether the answer has a video to play (default true). An answer without one is still ranked:
   * when it matches best, the decision is the `not-recorded` fallback, never a lower answer.
   */
  isRecorded?: boolean;
}

/**
 * Seam for a sentence-embedding model: a synchronous lookup of vectors computed ahead (the model
 * itself runs elsewhere, e.g. `@conversa/embeddings`). `undefined` = no vector for that text yet:
 * while any phrasing or built-in off-topic question has none, or the question has none, the
 * matcher scores lexically (`Matcher.getEmbeddingState`). Must be deterministic per text.
 */
export interface Embedder {
  /** Names the model (`use-lite`, `http:<model>`), for reports. */
  readonly id?: string;
  embed(text: string): Float32Array | undefined;
}

/** How sure the matcher is about one candidate. */
export type Confidence = 'exact' | 'paraphrase' | 'low' | 'off-topic';

/** One ranked answer for a question, with the reason it was ranked there. */
export interface Candidate {
  answerId: string;
  /** 0–1; comparable with the matcher's threshold. */
  score: number;
  confidence: Confidence;
  /** The answer has a video (see `AnswerInput.isRecorded`). */
  isRecorded: boolean;
  /** The stored phrasing (question or alternate) that matched best. */
  matchedPhrasing: string;
  /**
   * Words of the question as typed (lower-cased) that the phrasing shares, strongest first; function
   * words ("the", "you", "how"…) are left out, categories appear as `#<category name>`.
   */
  matchedTerms: string[];
}

/** Why a question gets the fallback clip, in the order a person would check them. */
export const FALLBACK_REASONS = ['empty', 'off-topic', 'not-recorded'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** What a person is shown for each fallback reason. */
export const FALLBACK_REASON_LABELS: Readonly<Record<FallbackReason, string>> = Object.freeze({
  empty: 'Nothing to match',
  'off-topic': 'No answer close enough',
  'not-recorded': 'Best match not recorded',
});

export type MatchDecision =
  | { kind: 'answer'; answerId: string }
  | { kind: 'fallback'; reason: 'empty' | 'off-topic' }
  | {
      kind: 'fallback';
      reason: 'not-recorded';
      /** The answer that matched best, which has no video yet. */
      answerId: string;
      /** Its question in the script. */
      question: string;
      /** The stored phrasing (question or alternate) that matched. */
      matchedPhrasing: string;
    };

/**
 * A storyfile's out-of-scope threshold: a number (0–1) set by its owner, or `'auto'`, chosen by the
 * matcher from the storyfile itself and recomputed after each change to the script.
 */
export type ThresholdSetting = number | 'auto';

/** The threshold in force and where it comes from. */
export type ThresholdReport =
  | { setting: number; threshold: number; source: 'explicit' }
  | {
      setting: 'auto';
      threshold: number;
      /** `default`: nothing to calibrate on (an empty script), so `DEFAULT_THRESHOLD` is used. */
      source: 'default';
    }
  | ({ setting: 'auto'; source: 'auto' } & AutoThresholdOutcome);

export interface MatchResult {
  decision: MatchDecision;
  candidates: Candidate[];
  /** The threshold this question was decided with (the scoring's own: lexical or with vectors). */
  threshold: number;
  /** Whether sentence vectors took part in this question's scores. */
  isSemantic: boolean;
  /**
   * The storyfile's bars for playing and asking back (issue 50) that `chooseSuggestions` applies;
   * without them (a result made by hand), the rule of issue 40 (`SUGGESTION_FLOOR_SHARE`, …).
   */
  policy?: DecisionPolicy;
  /**
   * For a question not played, with sentence vectors: its cosine with the nearest built-in
   * off-topic question minus its cosine with the nearest thing the script says (a phrasing, a
   * learned question, a transcript passage). Above `OFF_TOPIC_NEARER_MARGIN`, nothing is asked
   * back (issue 68).
   */
  offTopicLead?: number;
}

export interface MatchOptions {
  /**
   * At most how many candidates to return (default 5). Answers far below the best one are not
   * scored exactly and not returned. The decision is the same whatever the limit.
   */
  limit?: number;
}
