// The records and the interface of the inverted index behind a matcher (`answer-index.ts`).
import type { FeatureTable } from './feature-table.ts';
import type { FeatureKey, TextFeatures } from './features.ts';
import type { PostingPool } from './posting-pool.ts';
import type { AnswerInput } from './types.ts';

/** One stored phrasing (an answer's question or one of its alternates). */
export interface PhrasingRecord {
  slot: number;
  answer: AnswerRecord;
  text: string;
  /** The phrasing's terms, kept to explain a match. */
  terms: string[];
  /** Terms joined: equal keys mean the same question up to case, punctuation and inflection. */
  exactKey: string;
  /** Feature ids with their counts in the phrasing (weighed by `TERM_COUNT_WEIGHTS`). */
  featureIds: Int32Array;
  termCounts: Uint8Array;
  /** Per-family norms under the idf of `normsVersion`. */
  norms: Float64Array;
  normsVersion: number;
  /**
   * A question visitors labelled with this answer (issue 50, `AnswerInput.learned`): weighed
   * `learnedWeight` of an author's phrasing, and never an exact match.
   */
  isLearned?: boolean;
}

/** A text as the index keeps it: its terms, and its features' ids (each once) with their counts. */
export interface IndexedText {
  terms: string[];
  featureIds: Int32Array;
  termCounts: Uint8Array;
}

/** One stored answer. Its profile is all of its phrasings' features pooled. */
export interface AnswerRecord {
  id: string;
  slot: number;
  input: AnswerInput;
  phrasings: PhrasingRecord[];
  /** Per-family norms of the profile under the idf of `profileNormsVersion`. */
  profileNorms: Float64Array;
  profileNormsVersion: number;
}

export type IdfLevel = 'answer' | 'phrasing';

/**
 * The inverted index behind a matcher. Counts (document frequencies, postings) are kept exact on
 * every edit, so an edit costs only the edited phrasing's features. Norms depend on idf, which
 * every edit nudges; they are recomputed on demand (exact, for the few answers a question rescores)
 * or in one linear pass once enough edits have piled up (approximate, for the first pass only).
 */
export interface AnswerIndex {
  readonly answers: Map<string, AnswerRecord>;
  /** Phrasing slots; holes are freed slots. */
  readonly phrasings: (PhrasingRecord | undefined)[];
  readonly postings: PostingPool;
  /** The features seen: ids by family and key (`feature-table.ts`). */
  readonly features: FeatureTable;
  /** Feature family per feature id. */
  readonly families: Uint8Array;
  /** Per family, 1 / approximate norm of each phrasing slot. */
  readonly coarseInverseNorms: Float64Array[];
  /** Per family, 1 / approximate norm of each answer slot's profile. */
  readonly coarseInverseProfileNorms: Float64Array[];
  /** Answer slot of each phrasing slot. */
  readonly answerSlotOf: Int32Array;
  countPhrasings(): number;
  /** Number of distinct features ever seen (feature ids are below this). */
  countFeatures(): number;
  lookupFeature(family: number, key: FeatureKey): number | undefined;
  /** A feature's prior weight (light words weigh less in what a question shares with a phrasing). */
  getPrior(featureId: number): number;
  getIdf(featureId: number): number;
  getUnseenIdf(): number;
  getAnswerBySlot(slot: number): AnswerRecord | undefined;
  findExact(exactKey: string): PhrasingRecord[];
  ensureAnswer(input: AnswerInput): AnswerRecord;
  /** Interns a text's features (new ones get ids), for `addPhrasing`. */
  internText(features: TextFeatures): IndexedText;
  addPhrasing(answer: AnswerRecord, text: string, indexed: IndexedText): void;
  removePhrasing(record: PhrasingRecord): void;
  removeAnswer(answer: AnswerRecord): void;
  /** Brings the approximate norms up to date if edits have moved them enough; call before a query. */
  prepareForQuery(): void;
  getExactNorms(record: PhrasingRecord): Float64Array;
  getExactProfileNorms(answer: AnswerRecord): Float64Array;
  /** Norms of the answer's profile as if `without` were not one of its phrasings (not cached). */
  computeProfileNormsWithout(answer: AnswerRecord, without: PhrasingRecord): Float64Array;
}
