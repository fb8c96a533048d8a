import { assertThreshold, createMatcherState, DEFAULT_LIMIT } from './matcher-state.ts';
import type { MatcherOptions, ScoredAnswer } from './matcher-state.ts';
import { removeAnswer, setCategories, upsertAnswer } from './matcher-index.ts';
import { scoreQuestion } from './matcher-scoring.ts';
import { isSemanticReady, questionVector, syncPassageVectors } from './matcher-vectors.ts';
import { classify, decide } from './matcher-decide.ts';
import { describeTerms } from './matcher-explain.ts';
import { calibrate, calibrateDecision } from './matcher-calibration.ts';
import { assertPlayRisk } from './decision-calibration.ts';
import { exportTrainedState, importTrainedState } from './matcher-trained.ts';
import { setVisitorLog } from './visitor-log.ts';
import { exportScriptIndex, restoreScriptIndex } from './script-index.ts';
import type { ScriptIndex } from './script-index.ts';
import type { TrainedState } from './matcher-trained.ts';
import { offTopicLead } from './off-topic-lead.ts';
import { decideOutcome } from './decision.ts';
import type { DecisionPolicy } from './decision.ts';
import type { DecisionReport, PlayRiskSetting } from './decision-calibration.ts';
import type {
  AnswerInput,
  Candidate,
  Category,
  MatchDecision,
  MatchOptions,
  MatchResult,
  ThresholdReport,
  ThresholdSetting,
} from './types.ts';

// The matcher is three units over one explicit state object (`matcher-state.ts`): the index
// (`matcher-index.ts`: edits), the scoring (`matcher-scoring.ts`: a question's ranking, and the
// files beside it, `matcher-decide.ts` the decision) and the calibration
// (`matcher-calibration.ts`: the automatic threshold). This file assembles them behind the
// `Matcher` interface.
export { DEFAULT_THRESHOLD, DEFAULT_TUNING, LOW_BAND } from './matcher-state.ts';
export type { MatcherOptions, MatcherTuning } from './matcher-state.ts';

/** A storyfile's answer index. Mutations are incremental; scoring state is refreshed lazily. */
export interface Matcher {
  /** Adds an answer or replaces its question and alternates; unchanged phrasings are kept as is. */
  upsertAnswer(answer: AnswerInput): void;
  /**
   * Adds a script's answers to an empty matcher, in order, as `upsertAnswer` does. With an index
   * that a matcher of the same script and settings exported (`exportIndex`), their texts are taken
   * as it analysed them instead of analysed again (issue 69); false when the index does not fit
   * them (another format or shape: they are then analysed).
   */
  addScript(answers: readonly AnswerInput[], index?: ScriptIndex): boolean;
  /** What analysing its script gave (`script-index.ts`), for `addScript` of a matcher built again. */
  exportIndex(): ScriptIndex;
  /** Removes an answer; `false` when there was none with that id. */
  removeAnswer(answerId: string): boolean;
  /** Replaces the namespace's categories; every phrasing is re-indexed because its terms change. */
  setCategories(categories: Category[]): void;
  /**
   * Replaces what the storyfile's visitors asked, unlabelled (its log's distinct questions, issue
   * 50): from `visitorLogMinQuestions` of them on, a word most visitors use weighs less and an
   * answer close to everything they ask loses its lead (`src/visitor-log.ts`). The scores change,
   * so the automatic calibration is made again.
   */
  setVisitorQuestions(texts: readonly string[]): void;
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
   * Sets the operating point between playing and asking back (issue 50): the share (0–1) of the
   * storyfile's neighbour questions that may still be played, or `'auto'`. Throws a RangeError
   * for a number outside 0–1.
   */
  setPlayRisk(setting: PlayRiskSetting): void;
  /** Where this storyfile plays, asks back and falls back, and what that gives on its own questions. */
  getDecisionReport(): DecisionReport;
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
  /**
   * What it trained and calibrated for the script as it is (`matcher-trained.ts`): its classifier's
   * weights and its automatic calibrations, to be imported into a matcher of the same script.
   */
  exportTrained(): TrainedState;
  /**
   * Takes in what a matcher built from the same script, vectors, settings and tuning exported: it
   * then scores exactly as that one did, without training or calibrating. False for another format.
   */
  importTrained(trained: TrainedState): boolean;
}

/** See `Matcher.getEmbeddingState`. */
export type EmbeddingState =
  | { status: 'none' }
  | { status: 'pending'; embedder: string; missingPhrasings: number; phrasings: number }
  | { status: 'ready'; embedder: string; phrasings: number };

/**
 * The threshold's decision, unless the storyfile's policy is unsure of it (issue 50): an answer
 * below `playAt`, or near-tied with another, is not played but asked back (`chooseSuggestions`
 * offers it), so the decision is the `off-topic` fallback ("No answer close enough").
 */
function askBackOrDecide(
  decision: MatchDecision,
  ranked: readonly ScoredAnswer[],
  policy: DecisionPolicy,
): MatchDecision {
  if (decision.kind !== 'answer') {
    return decision;
  }
  // Read from the whole ranking, not the candidates returned: the limit never changes the decision.
  const outcome = decideOutcome(
    ranked.map((entry) => ({
      answerId: entry.answer.id,
      score: entry.score,
      isRecorded: entry.answer.input.isRecorded !== false,
      isExact: entry.isExact,
    })),
    policy,
  );
  return outcome.kind === 'play' ? decision : { kind: 'fallback', reason: 'off-topic' };
}

/** Creates an empty answer matcher for one storyfile. */
export function createMatcher(options: MatcherOptions = {}): Matcher {
  const state = createMatcherState(options);

  function match(text: string, matchOptions: MatchOptions = {}): MatchResult {
    const limit = Math.max(0, Math.floor(matchOptions.limit ?? DEFAULT_LIMIT));
    const vector = questionVector(state, text);
    // Calibrating (when due) asks questions of its own, so it runs before this one is scored.
    const threshold = calibrate(state, vector !== undefined).threshold;
    const { policy } = calibrateDecision(state, vector !== undefined);
    const scored = scoreQuestion(state, text, vector);
    const isSemantic = vector !== undefined;
    if (!scored) {
      return {
        decision: { kind: 'fallback', reason: 'empty' },
        candidates: [],
        threshold,
        isSemantic,
        policy,
      };
    }
    const candidates: Candidate[] = scored.ranked.slice(0, limit).map((entry) => ({
      answerId: entry.answer.id,
      score: entry.score,
      confidence: classify(entry.score, entry.isExact, threshold),
      isRecorded: entry.answer.input.isRecorded !== false,
      matchedPhrasing: entry.phrasing.text,
      matchedTerms: describeTerms(state, scored.query.features, entry.phrasing),
    }));
    const decision = askBackOrDecide(decide(scored.ranked[0], threshold), scored.ranked, policy);
    // Read only where it may matter: a question not played may be asked back.
    const lead = vector && decision.kind === 'fallback' ? offTopicLead(state, text) : undefined;
    return {
      decision,
      candidates,
      threshold,
      isSemantic,
      policy,
      ...(lead !== undefined ? { offTopicLead: lead } : {}),
    };
  }

  function getThreshold(): number {
    return getThresholdReport().threshold;
  }

  function getThresholdReport(): ThresholdReport {
    syncPassageVectors(state);
    return calibrate(state, isSemanticReady(state));
  }

  function getEmbeddingState(): EmbeddingState {
    if (!state.semantic || !state.embedder) {
      return { status: 'none' };
    }
    const phrasings = state.index.countPhrasings();
    const isReady = isSemanticReady(state);
    const missingPhrasings = state.semantic.countMissing();
    return isReady
      ? { status: 'ready', embedder: state.embedder.id ?? 'embedder', phrasings }
      : {
          status: 'pending',
          embedder: state.embedder.id ?? 'embedder',
          missingPhrasings,
          phrasings,
        };
  }

  return {
    upsertAnswer: (input: AnswerInput) => upsertAnswer(state, input),
    addScript(answers: readonly AnswerInput[], index?: ScriptIndex) {
      if (index && restoreScriptIndex(state, answers, index)) {
        return true;
      }
      for (const answer of answers) {
        upsertAnswer(state, answer);
      }
      return false;
    },
    exportIndex: () => exportScriptIndex(state),
    removeAnswer: (answerId: string) => removeAnswer(state, answerId),
    setCategories: (categories: Category[]) => setCategories(state, categories),
    setVisitorQuestions: (texts: readonly string[]) => setVisitorLog(state, texts),
    setThreshold(next: ThresholdSetting) {
      state.thresholdSetting = assertThreshold(next);
    },
    getThreshold,
    getThresholdReport,
    setPlayRisk(next: PlayRiskSetting) {
      state.playRiskSetting = assertPlayRisk(next);
    },
    getDecisionReport() {
      syncPassageVectors(state);
      return calibrateDecision(state, isSemanticReady(state));
    },
    getEmbeddingState,
    hasAnswer: (answerId: string) => state.index.answers.has(answerId),
    countAnswers: () => state.index.answers.size,
    match,
    exportTrained: () => exportTrainedState(state),
    importTrained: (trained: TrainedState) => importTrainedState(state, trained),
  };
}
