export { createMatcher, DEFAULT_THRESHOLD, DEFAULT_TUNING, LOW_BAND } from './matcher.ts';
export { EMBEDDER_TUNING, tuningFor } from './matcher-tuning.ts';
export type { EmbeddingState, Matcher, MatcherOptions, MatcherTuning } from './matcher.ts';
export { TRAINED_STATE_FORMAT } from './matcher-trained.ts';
export type { TrainedCalibration, TrainedClassifier, TrainedState } from './matcher-trained.ts';
export { SCRIPT_INDEX_FORMAT } from './script-index.ts';
export type { ScriptIndex } from './script-index.ts';
export {
  calibrateThreshold,
  chooseAutoThreshold,
  evaluateThreshold,
  DEFAULT_MIN_OOS_RECALL,
} from './calibrate.ts';
export type {
  AutoThresholdOptions,
  AutoThresholdOutcome,
  CalibrationOptions,
  CalibrationSample,
  ThresholdOutcome,
} from './calibrate.ts';
export {
  chooseSuggestions,
  DEFAULT_SUGGESTION_LIMIT,
  NEAR_TIE_MARGIN,
  SUGGESTION_FLOOR_SHARE,
  SUGGESTION_SPREAD,
} from './clarify.ts';
export type { Suggestion } from './clarify.ts';
export { withPressedAnswers, type PressedQuestion } from './pressed-suggestions.ts';
export { decideOutcome, OFF_TOPIC_NEARER_MARGIN } from './decision.ts';
export type { DecisionPolicy, Outcome, RankedAnswer } from './decision.ts';
export { chooseDecisionPolicy, DEFAULT_DECISION_TUNING } from './decision-calibration.ts';
export type {
  DecisionPreview,
  DecisionReport,
  DecisionScores,
  DecisionTuning,
  PlayRiskSetting,
} from './decision-calibration.ts';
export { contentStems, splitPassages } from './transcript.ts';
export { toUnit } from './vector-math.ts';
export { listFoldedCategories } from './categories.ts';
export type { FoldedCategory } from './categories.ts';
export { OFF_TOPIC_QUESTIONS, OFF_TOPIC_TEXTS } from './off-topic-questions.ts';
export { FALLBACK_REASON_LABELS, FALLBACK_REASONS } from './types.ts';
export { normalizeText, tokenizeText } from './normalize.ts';
export { stemWord } from './stem.ts';
export { classifyTerm } from './function-words.ts';
export type {
  AnswerInput,
  Candidate,
  Category,
  Confidence,
  Embedder,
  FallbackReason,
  MatchDecision,
  MatchOptions,
  MatchResult,
  ThresholdReport,
  ThresholdSetting,
} from './types.ts';
export {
  DEFAULT_LEARNING,
  learningSettingsFor,
  reviewLearnedLabels,
  selectLearnedQuestions,
} from './learning.ts';
export type { LearnedLabel, LearnedQuestion, LearnedStatus, LearningSettings } from './learning.ts';
