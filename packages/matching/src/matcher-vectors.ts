// Whether a question is scored with sentence vectors, and the passage vectors taken in on the way.
// Writes only `hasOffTopicVectors` (once true) and the calibration's staleness.
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { MatcherState } from './matcher-state.ts';

/**
 * Whether this question is scored with sentence vectors: every phrasing and every built-in
 * off-topic question must have one (so that the threshold is calibrated as the question is
 * scored), and the question too. Its unit vector, or undefined for the lexical scoring.
 */
export function questionVector(state: MatcherState, text: string): Float32Array | undefined {
  syncPassageVectors(state);
  return isSemanticReady(state) ? state.semantic?.embedQuestion(text) : undefined;
}

/**
 * Takes in the transcripts' passage vectors that arrived since the last look. They change the
 * scores, so the threshold is chosen again (they arrive in the embedder's batches, so a few times
 * while a script's transcripts are embedded). A question looks first, and so does a read of the
 * threshold: a server that reads it once the vectors are in calibrates off the visitors' path.
 */
export function syncPassageVectors(state: MatcherState): void {
  if (state.transcripts.sync()) {
    state.scriptVersion++;
    state.semantic?.invalidateClassifier();
    if (state.calibration) {
      state.calibration.isStale = true;
    }
  }
}

/** Every phrasing and built-in off-topic question has a vector (it asks the embedder again). */
export function isSemanticReady(state: MatcherState): boolean {
  const { semantic, embedder } = state;
  if (!semantic || !embedder || semantic.sync() > 0) {
    return false;
  }
  state.hasOffTopicVectors ||= OFF_TOPIC_QUESTIONS.every(
    (question) => embedder.embed(question) !== undefined,
  );
  return state.hasOffTopicVectors;
}
