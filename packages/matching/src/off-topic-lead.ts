// Whether a question reads as one of the questions any storyfile hears off its subject (issue 68):
// how much nearer, in sentence-vector cosine, it is to the nearest built-in off-topic question
// than to the nearest thing the script says (a phrasing, a learned question, a transcript passage).
// A built-in question near the script itself is on this storyfile's subject and counts for nothing.
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { MatcherState } from './matcher-state.ts';
import { isSemanticReady } from './matcher-vectors.ts';
import { dot, toUnit } from './vector-math.ts';

/**
 * A built-in off-topic question whose cosine with something the script says reaches this is on the
 * storyfile's subject (a travel storyfile answers "can you book me a flight"): left out. 0.5 and
 * 0.6 measured alike (30- and 60-answer CLINC150 and BANKING77, development benchmark).
 */
export const ON_SUBJECT_COSINE = 0.6;

/** Per matcher, for its script's version: which built-in questions are on its subject. */
const onSubject = new WeakMap<MatcherState, { version: number; isOnSubject: Uint8Array }>();
/**
 * Per matcher: the built-in questions' unit vectors, once all arrived (the embedder's own when they
 * are unit, as a scorer thread's are: shared, not copied).
 */
const referenceUnits = new WeakMap<MatcherState, (Float32Array | undefined)[]>();

/** The nearest cosine of a unit vector with anything the script says (-1 with nothing). */
function nearestInScript(state: MatcherState, unit: Float32Array): number {
  return Math.max(
    state.transcripts.nearestCosine(unit),
    state.semantic?.nearestRawCosine(unit) ?? -1,
  );
}

function referenceUnitsOf(state: MatcherState): (Float32Array | undefined)[] {
  const known = referenceUnits.get(state);
  if (known) {
    return known;
  }
  const units = OFF_TOPIC_QUESTIONS.map((reference) => {
    const vector = state.embedder!.embed(reference);
    return vector && toUnit(vector);
  });
  if (units.every((unit) => unit !== undefined)) {
    referenceUnits.set(state, units);
  }
  return units;
}

function onSubjectOf(state: MatcherState): Uint8Array {
  const known = onSubject.get(state);
  if (known?.version === state.scriptVersion) {
    return known.isOnSubject;
  }
  const isOnSubject = new Uint8Array(OFF_TOPIC_QUESTIONS.length);
  referenceUnitsOf(state).forEach((unit, i) => {
    if (unit && nearestInScript(state, unit) >= ON_SUBJECT_COSINE) {
      isOnSubject[i] = 1;
    }
  });
  onSubject.set(state, { version: state.scriptVersion, isOnSubject });
  return isOnSubject;
}

/**
 * Which built-in questions are on the script's subject, for its trained state (`matcher-trained.ts`):
 * finding them scans every phrasing and passage once per built-in question, most of a cold
 * matcher's first unplayed question (some 90 ms at 300 answers with transcripts). Undefined until
 * every phrasing and built-in question has its vector (the scan would not be the script's yet).
 */
export function exportOnSubject(state: MatcherState): Uint8Array | undefined {
  if (!state.embedder || !isSemanticReady(state)) {
    return undefined;
  }
  return referenceUnitsOf(state).every((unit) => unit !== undefined)
    ? onSubjectOf(state)
    : undefined;
}

/** Takes in `exportOnSubject`'s flags of the same script (of another list's length: ignored). */
export function importOnSubject(state: MatcherState, isOnSubject: Uint8Array): void {
  if (isOnSubject.length === OFF_TOPIC_QUESTIONS.length) {
    onSubject.set(state, { version: state.scriptVersion, isOnSubject });
  }
}

/**
 * The nearest built-in off-topic question's cosine (of those off this storyfile's subject) minus
 * the nearest of the script's, for the question's raw vector; undefined without vectors. Read only
 * where the question is not played.
 */
export function offTopicLead(state: MatcherState, text: string): number | undefined {
  const raw = state.embedder?.embed(text.trim());
  if (!raw) {
    return undefined;
  }
  const question = toUnit(raw);
  const isOnSubject = onSubjectOf(state);
  let offTopic = -1;
  referenceUnitsOf(state).forEach((unit, i) => {
    if (unit && !isOnSubject[i]) {
      offTopic = Math.max(offTopic, dot(question, unit));
    }
  });
  return offTopic - nearestInScript(state, question);
}
