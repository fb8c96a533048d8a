import { OFF_TOPIC_QUESTIONS } from '@conversa/matching';
import type { MatcherSnapshot } from './scorer-protocol.ts';

// What one storyfile's matcher costs in memory (MATCHER_CACHE_MB counts it), estimated from what
// it is built from: its texts (phrasings, learned questions, transcripts: each indexed as words,
// stems and character n-grams in postings and maps), its sentence vectors (each kept as given,
// centred, as a unit passage vector or a classifier row) and its classifier's weights (a row of
// doubles per answer for every script vector). The factors below were measured once against the
// heap (`npm run bench:storyfiles -- --heap`: heap and array buffers after a full GC, before and
// after building matchers from snapshots as a scorer thread does; figures in the conversations
// README). Fitted at 300 answers with transcripts; smaller scripts are over-estimated.

/** Bytes per UTF-16 code unit of text in the matcher's index (postings, features, records). */
export const INDEX_BYTES_PER_CHARACTER = 41;
/** Copies a matcher keeps of a sentence vector's bytes (raw, centred, unit, classifier row). */
export const VECTOR_COPIES = 4.4;
/** Per text with a vector: the maps' entries and the typed array's header. */
export const BYTES_PER_VECTOR_ENTRY = 400;
/** An empty matcher: its scratch space, records and calibration. */
export const MATCHER_BASE_BYTES = 110_000;

const offTopic = new Set(OFF_TOPIC_QUESTIONS.map((text) => text.trim()));

/** The estimated bytes a matcher built from this snapshot holds (the snapshot's vectors included). */
export function estimateMatcherBytes(
  snapshot: Pick<MatcherSnapshot, 'answers' | 'vectors'>,
): number {
  let characters = 0;
  for (const answer of snapshot.answers) {
    characters += answer.question.length + (answer.transcript ?? '').length;
    for (const text of [...(answer.alternates ?? []), ...(answer.learned ?? [])]) {
      characters += text.length;
    }
  }
  let vectorBytes = 0;
  let scriptVectors = 0;
  for (const [text, vector] of snapshot.vectors) {
    vectorBytes += vector.byteLength * VECTOR_COPIES + BYTES_PER_VECTOR_ENTRY;
    scriptVectors += offTopic.has(text) ? 0 : 1;
  }
  const classifierBytes = scriptVectors * snapshot.answers.length * Float64Array.BYTES_PER_ELEMENT;
  return Math.round(
    MATCHER_BASE_BYTES + characters * INDEX_BYTES_PER_CHARACTER + vectorBytes + classifierBytes,
  );
}
