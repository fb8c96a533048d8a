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
}

/**
 * Seam for a sentence-embedding model. Must be synchronous and deterministic; an async model
 * would sit behind a cache filled before `upsertAnswer` and `match` are called.
 */
export interface Embedder {
  embed(text: string): Float32Array;
}

/** How sure the matcher is about one candidate. */
export type Confidence = 'exact' | 'paraphrase' | 'low' | 'off-topic';

/** One ranked answer for a question, with the reason it was ranked there. */
export interface Candidate {
  answerId: string;
  /** 0–1; comparable with the matcher's threshold. */
  score: number;
  confidence: Confidence;
  /** The stored phrasing (question or alternate) that matched best. */
  matchedPhrasing: string;
  /** Terms shared by the question and that phrasing, strongest first (`#<category name>` for categories). */
  matchedTerms: string[];
}

export type MatchDecision =
  { kind: 'answer'; answerId: string } | { kind: 'fallback'; reason: 'empty' | 'off-topic' };

export interface MatchResult {
  decision: MatchDecision;
  candidates: Candidate[];
}

export interface MatchOptions {
  /**
   * At most how many candidates to return (default 5). Answers far below the best one are not
   * scored exactly and not returned. The decision is the same whatever the limit.
   */
  limit?: number;
}
