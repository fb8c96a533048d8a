// The index unit of a matcher: adding, replacing and removing answers and categories, on the
// state of `matcher-state.ts`. Every change to phrasings or categories bumps the script's version
// (the automatic threshold is recalibrated lazily) and tracks how far it drifted from the last
// calibration.
import { createCategoryIndex } from './categories.ts';
import type { AnswerRecord, IndexedText } from './answer-index.ts';
import { extractFeatures } from './features.ts';
import { listLearnedTexts, listPhrasingTexts, NO_PHRASINGS } from './matcher-state.ts';
import type { MatcherState } from './matcher-state.ts';
import type { AnalysedTranscript } from './transcript.ts';
import type { AnswerInput, Category } from './types.ts';

/**
 * A new answer's texts as an index of the same script analysed them (`script-index.ts`): its
 * phrasings in the order `upsertAnswer` adds them (`listPhrasingTexts`, then `listLearnedTexts`)
 * and its transcript, if it has one.
 */
export interface AnalysedAnswer {
  phrasings: IndexedText[];
  transcript?: AnalysedTranscript;
}

export function addPhrasing(
  state: MatcherState,
  answer: AnswerRecord,
  text: string,
  isLearned = false,
  analysed?: IndexedText,
): void {
  const indexed =
    analysed ??
    state.index.internText(extractFeatures(text, state.categoryIndex, state.featureSettings));
  state.index.addPhrasing(answer, text, indexed);
  const record = answer.phrasings.at(-1)!;
  if (isLearned) {
    record.isLearned = true;
  }
  state.semantic?.add(record);
}

/**
 * Adds an answer or replaces its texts. A new answer's `analysed` texts, when given, are taken as
 * they are instead of being analysed (`script-index.ts` restores a stored index so).
 */
export function upsertAnswer(
  state: MatcherState,
  input: AnswerInput,
  analysed?: AnalysedAnswer,
): void {
  const stored: AnswerInput = {
    ...input,
    alternates: [...(input.alternates ?? [])],
    learned: [...(input.learned ?? [])],
  };
  const previous = state.index.answers.get(stored.id)?.input;
  const isNew = previous === undefined;
  const answer = state.index.ensureAnswer(stored);
  const given = isNew ? analysed : undefined;
  let isChanged = isNew;
  // Only phrasings whose text (or whether it was learned) changed are re-indexed; the rest keep
  // their features.
  const wanted = new Map<string, boolean>(listPhrasingTexts(stored).map((text) => [text, false]));
  for (const text of listLearnedTexts(stored)) {
    wanted.set(text, true);
  }
  const kept = new Set<string>();
  for (const record of [...answer.phrasings]) {
    const isLearned = wanted.get(record.text);
    if (isLearned === (record.isLearned ?? false) && !kept.has(record.text)) {
      kept.add(record.text);
    } else {
      state.index.removePhrasing(record);
      state.semantic?.remove(record);
      isChanged = true;
    }
  }
  let added = 0;
  for (const [text, isLearned] of wanted) {
    if (!kept.has(text)) {
      addPhrasing(state, answer, text, isLearned, given?.phrasings[added++]);
      isChanged = true;
    }
  }
  // A changed transcript is no phrasing and leaves no drift: the next question recalibrates anyway.
  if (
    state.tuning.transcriptWeight > 0 &&
    state.transcripts.set(answer, stored.transcript, given?.transcript)
  ) {
    state.scriptVersion++;
    state.semantic?.invalidateClassifier();
    if (state.calibration) {
      state.calibration.isStale = true;
    }
  }
  // Whether an answer is recorded changes no score, but the decision's bars count what a recorded
  // answer could play (`decisionTopOf`): they are chosen again, and the threshold with them.
  if (!isNew && (previous.isRecorded !== false) !== (stored.isRecorded !== false)) {
    state.scriptVersion++;
    if (state.calibration) {
      state.calibration.isStale = true;
    }
  }
  if (isChanged) {
    state.scriptVersion++;
    trackDrift(state, stored.id);
  }
}

/** Recounts how many of the answer's phrasings differ from those it was calibrated with. */
export function trackDrift(state: MatcherState, answerId: string): void {
  const current = new Set(
    state.index.answers.get(answerId)?.phrasings.map((record) => record.text),
  );
  const calibrated = state.calibratedPhrasings.get(answerId) ?? NO_PHRASINGS;
  let changed = 0;
  for (const text of current) {
    if (!calibrated.has(text)) {
      changed++;
    }
  }
  for (const text of calibrated) {
    if (!current.has(text)) {
      changed++;
    }
  }
  state.driftTotal += changed - (state.drift.get(answerId) ?? 0);
  if (changed === 0) {
    state.drift.delete(answerId);
  } else {
    state.drift.set(answerId, changed);
  }
}

export function removeAnswer(state: MatcherState, answerId: string): boolean {
  const answer = state.index.answers.get(answerId);
  if (!answer) {
    return false;
  }
  for (const record of answer.phrasings) {
    state.semantic?.remove(record);
  }
  state.transcripts.remove(answer);
  state.semantic?.invalidateClassifier();
  state.index.removeAnswer(answer);
  state.scriptVersion++;
  trackDrift(state, answerId);
  return true;
}

export function setCategories(state: MatcherState, next: Category[]): void {
  state.categoryIndex = createCategoryIndex(next);
  state.scriptVersion++;
  // New categories change every phrasing's terms: the next question recalibrates in full.
  if (state.calibration) {
    state.calibration.isStale = true;
  }
  // Categories change the terms of every phrasing, so this one change does re-index everything.
  for (const answer of [...state.index.answers.values()]) {
    for (const record of [...answer.phrasings]) {
      state.index.removePhrasing(record);
      state.semantic?.remove(record);
    }
    upsertAnswer(state, answer.input);
  }
}
