import { OFF_TOPIC_TEXTS } from '@conversa/matching';
import type { MatcherSnapshot } from './scorer-protocol.ts';

// What one storyfile's matcher costs in memory (MATCHER_CACHE_MB counts it), estimated from what
// it is built from: its phrasings (each indexed as words, stems and character n-grams: feature ids,
// weights, postings, the features' keys and statistics), its transcripts (their content stems'
// postings and the texts), its sentence vectors (one unit copy each, issue 69; a scorer thread
// reads its snapshot's shared ones in place and counts none) and its classifier's weights (16 bits
// per answer for every row it was trained on, and the row's scale). The factors below were
// measured against the heap (`npm run bench:storyfiles -- --heap`: heap and array buffers after a
// full GC, before and after building matchers from snapshots as a scorer thread holds them: each
// with the trained state and the script's index it imported, none of training's scratch; figures
// in the conversations README). Fitted at 20, 50, 100, 200 and 300 answers of bench:load's scale
// script with transcripts, with and without vectors, never under the heap (estimate / heap
// 1.00-1.07, 2026-11-29), and a thread's copy of its texts at 300 answers as a thread is sent them.

/** Bytes per UTF-16 code unit of a phrasing (a question, an alternate, a learned question). */
export const PHRASING_BYTES_PER_CHARACTER = 70;
/** Bytes per UTF-16 code unit of a transcript (its text, stems' postings and passages' records). */
export const TRANSCRIPT_BYTES_PER_CHARACTER = 7.5;
/** Per text with a vector: the maps' entries and the typed array's header. */
export const BYTES_PER_VECTOR_ENTRY = 300;
/**
 * Per vector of a snapshot the event loop holds (`matcher-snapshot.ts`): its view of the shared
 * buffer and its [text, vector] pair, the text being the answers'. Measured: 168.5 bytes a vector
 * beside the buffer (618 views of 384 dimensions, 50 snapshots, after a full GC).
 */
export const BYTES_PER_SNAPSHOT_VECTOR = 170;
/**
 * Per question of the visitors' log (`setVisitorQuestions`): its features' counts and the text,
 * beside its vector, kept once. Measured: a log of 1,000 questions of the development benchmark
 * added 0.96 MB of heap to a matcher after a full GC.
 */
export const BYTES_PER_LOGGED_QUESTION = 1_000;
/**
 * Per character of a phrasing or transcript, in a scorer thread: its own copy of the snapshot's
 * texts, which the message that sent it cloned (one byte a character for most texts, two for
 * some, and their headers). Measured: a 300-answer matcher built as a thread is sent it holds
 * 0.2 MB more than one built from texts already in memory (`npm run bench:storyfiles -- --heap`).
 */
export const THREAD_TEXT_BYTES_PER_CHARACTER = 2;
/** An empty matcher: its scratch space, records and calibration. */
export const MATCHER_BASE_BYTES = 100_000;
/**
 * What a matcher held costs the process against its heap after a full GC: V8 lets a heap grow past
 * what is live before it collects, and a holder's builds leave garbage (snapshots sent, states
 * read, matchers dropped). Measured by `npm run bench:storyfiles` at 1,000 storyfiles (issue 69):
 * the RSS grew 4.4 MB per matcher a scorer thread held, against 4.4 MB of heap each (with
 * 1.0, the threads held 598 and the RSS reached 4,644 of the 4,721 MB the budget and base allow;
 * 1.5, when a matcher kept copies of its vectors, held 398). A tenth more keeps room.
 */
export const HEAP_HEADROOM = 1.1;

/** What the holder keeps beyond a scorer thread's matcher. */
export interface MatcherHolding {
  /**
   * The matcher trained here and keeps training's scratch (the classifier's inverse kernel, a
   * row of doubles per script vector for every script vector) and its own copy of the built-in
   * off-topic questions' vectors: the event loop's matcher. A scorer thread's matcher keeps
   * neither (it drops the one and shares the other, `scorer-worker.ts`).
   */
  keepsTraining: boolean;
}

/**
 * What a matcher built from this snapshot costs the process (MATCHER_CACHE_MB counts it): its
 * heap with V8's headroom.
 */
export function estimateMatcherBytes(
  snapshot: Pick<MatcherSnapshot, 'answers' | 'vectors' | 'visitorQuestions'>,
  holding: MatcherHolding = { keepsTraining: false },
): number {
  return Math.round(estimateMatcherHeapBytes(snapshot, holding) * HEAP_HEADROOM);
}

/**
 * What a snapshot held by the server's matcher cache keeps alive beyond its answers (taken once per
 * version for the scorer threads, `matcher-snapshot.ts`): its script vectors, which the bounded
 * vector store may have dropped since. The off-topic questions' are pinned there, shared by all.
 */
export function estimateSnapshotVectorBytes(snapshot: Pick<MatcherSnapshot, 'vectors'>): number {
  let bytes = 0;
  for (const [text, vector] of snapshot.vectors) {
    if (!OFF_TOPIC_TEXTS.has(text)) {
      bytes += vector.byteLength + BYTES_PER_SNAPSHOT_VECTOR;
    }
  }
  return bytes;
}

/** The heap a matcher built from this snapshot holds after a full GC (its vectors included). */
export function estimateMatcherHeapBytes(
  snapshot: Pick<MatcherSnapshot, 'answers' | 'vectors' | 'visitorQuestions'>,
  holding: MatcherHolding = { keepsTraining: false },
): number {
  // The log's vectors are kept once and are no rows of the classifier (a script's text that a
  // visitor asked as it is counts as the script's).
  const logged = new Set(snapshot.visitorQuestions.map((text) => text.trim()));
  const scripted = new Set<string>();
  let phrasingCharacters = 0;
  let transcriptCharacters = 0;
  for (const answer of snapshot.answers) {
    transcriptCharacters += (answer.transcript ?? '').length;
    for (const text of [answer.question, ...(answer.alternates ?? []), ...(answer.learned ?? [])]) {
      phrasingCharacters += text.length;
      scripted.add(text.trim());
    }
  }
  let vectorBytes = logged.size * BYTES_PER_LOGGED_QUESTION;
  let scriptVectors = 0;
  for (const [text, vector] of snapshot.vectors) {
    // A scorer thread reads a snapshot's shared vector in place (`matcher-snapshot.ts`): the
    // event loop's cache counts it, with the snapshot it holds.
    const owned = holding.keepsTraining || !(vector.buffer instanceof SharedArrayBuffer);
    const ownBytes = owned ? vector.byteLength : 0;
    if (logged.has(text) && !scripted.has(text)) {
      vectorBytes += ownBytes + BYTES_PER_VECTOR_ENTRY;
    } else if (!OFF_TOPIC_TEXTS.has(text)) {
      // The event loop's matcher keeps its model's vector beside the unit copy it scores with.
      vectorBytes += ownBytes * (holding.keepsTraining ? 2 : 1) + BYTES_PER_VECTOR_ENTRY;
      scriptVectors += 1;
    } else if (holding.keepsTraining) {
      vectorBytes += vector.byteLength + BYTES_PER_VECTOR_ENTRY;
    }
  }
  // Counted as if the classifier took part (every answer of two rows or more), an upper bound.
  const classifierBytes =
    scriptVectors * snapshot.answers.length * Int16Array.BYTES_PER_ELEMENT +
    scriptVectors * Float32Array.BYTES_PER_ELEMENT +
    (holding.keepsTraining ? scriptVectors * scriptVectors * Float64Array.BYTES_PER_ELEMENT : 0);
  const textCopyBytes = holding.keepsTraining
    ? 0
    : (phrasingCharacters + transcriptCharacters) * THREAD_TEXT_BYTES_PER_CHARACTER;
  return Math.round(
    MATCHER_BASE_BYTES +
      phrasingCharacters * PHRASING_BYTES_PER_CHARACTER +
      transcriptCharacters * TRANSCRIPT_BYTES_PER_CHARACTER +
      textCopyBytes +
      vectorBytes +
      classifierBytes,
  );
}
