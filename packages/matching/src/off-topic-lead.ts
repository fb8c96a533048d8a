// Whether a question reads as one of the questions any storyfile hears off its subject (issue 68):
// how much nearer, in sentence-vector cosine, it is to the nearest built-in off-topic question
// than to the nearest thing the script says (a phrasing, a learned question, a transcript passage).
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { MatcherState } from './matcher-state.ts';
import { dot, toUnit } from './vector-math.ts';

/** Cosine of a unit vector with any vector (the embedder's need not be unit). */
function cosineWith(unit: Float32Array, vector: Float32Array): number {
  const norm = Math.sqrt(dot(vector, vector));
  return norm > 0 ? dot(unit, vector) / norm : 0;
}

/**
 * The nearest built-in off-topic question's cosine minus the nearest of the script's, for the
 * question's raw vector; undefined without vectors. Read only where the question is not played.
 */
export function offTopicLead(state: MatcherState, text: string): number | undefined {
  const raw = state.embedder?.embed(text.trim());
  if (!raw) {
    return undefined;
  }
  const question = toUnit(raw);
  let offTopic = -1;
  for (const reference of OFF_TOPIC_QUESTIONS) {
    const vector = state.embedder!.embed(reference);
    if (vector) {
      offTopic = Math.max(offTopic, cosineWith(question, vector));
    }
  }
  let script = state.transcripts.nearestCosine(question);
  for (const record of state.index.phrasings) {
    const vector = record ? state.embedder!.embed(record.text) : undefined;
    if (vector) {
      script = Math.max(script, cosineWith(question, vector));
    }
  }
  return offTopic - script;
}
