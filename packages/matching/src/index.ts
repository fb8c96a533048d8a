export { createMatcher, DEFAULT_THRESHOLD, DEFAULT_TUNING, LOW_BAND } from './matcher.ts';
export type { Matcher, MatcherOptions, MatcherTuning } from './matcher.ts';
export { calibrateThreshold, evaluateThreshold, DEFAULT_MIN_OOS_RECALL } from './calibrate.ts';
export type { CalibrationOptions, CalibrationSample, ThresholdOutcome } from './calibrate.ts';
export { normalizeText, tokenizeText } from './normalize.ts';
export { stemWord } from './stem.ts';
export type {
  AnswerInput,
  Candidate,
  Category,
  Confidence,
  Embedder,
  MatchDecision,
  MatchOptions,
  MatchResult,
} from './types.ts';
