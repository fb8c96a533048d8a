import type {
  AnswerInput,
  Category,
  MatchResult,
  PlayRiskSetting,
  ThresholdSetting,
  TrainedState,
} from '@conversa/matching';

/**
 * Everything a scorer worker builds a storyfile's matcher from: the script as the server's matcher
 * cache read it from PostgreSQL, the owner's settings, and the stored sentence vectors of its
 * phrasings, passages and the built-in off-topic questions (never embedded again in a worker).
 */
export interface MatcherSnapshot {
  /** The matcher cache's version of the storyfile this snapshot was taken at. */
  version: number;
  /** The sentence model's id; null when the storyfile's matcher scores by words alone. */
  embedderId: string | null;
  threshold: ThresholdSetting;
  playRisk: PlayRiskSetting;
  categories: Category[];
  answers: AnswerInput[];
  /** What the storyfile's visitors asked, as stored for its matcher (`setVisitorQuestions`). */
  visitorQuestions: string[];
  /** Trimmed text → its stored vector. */
  vectors: Array<[string, Float32Array]>;
}

/** One ask's scoring: its questions (a typed one, or a spoken one's readings) against one storyfile. */
export interface ScoreTask {
  storyfileId: string;
  /** The version the server's matcher is at; a worker holding another builds it from `snapshot`. */
  version: number;
  /**
   * Sent when the worker does not hold `version`: as far as the server knows (what each thread
   * built and dropped, `scorer-pool.ts`), or when it said so (`missing`).
   */
  snapshot?: MatcherSnapshot;
  /**
   * What a matcher of this snapshot trained and calibrated, stored before
   * (`trained-state-store.ts`): the worker imports it instead of training. Only with `snapshot`.
   */
  trained?: TrainedState;
  /** Each question's text and, when the sentence model made one, its vector. */
  questions: Array<{ text: string; vector?: Float32Array }>;
  limit: number;
}

/** What every scorer thread starts with (piscina's `workerData`). */
export interface ScorerWorkerData {
  /** The thread's share of MATCHER_CACHE_MB, in bytes (`matcher-budget.ts`). */
  budgetBytes: number;
}

/** What a scorer thread holds after a task (its matchers' estimated bytes, and evictions so far). */
export interface ThreadHeld {
  threadId: number;
  bytes: number;
  storyfiles: number;
  evictions: number;
}

export type ScoreReply =
  | {
      kind: 'scored';
      results: MatchResult[];
      /**
       * The matcher's own threshold in force (`getThreshold`), for an ask no scoring decided (a
       * story's turn, a pressed suggestion, an unintelligible question).
       */
      threshold: number;
      held: ThreadHeld;
      /** The storyfiles this task's build dropped from the thread (the least recently asked). */
      evicted: string[];
      /**
       * What the matcher built for this task trained and calibrated beyond what it was sent, or the
       * state it was sent with the script's index it had to make (`TrainedState.index`).
       */
      trained?: TrainedState;
    }
  /** The worker does not hold this version of the storyfile's matcher: send the snapshot. */
  | { kind: 'missing' };
