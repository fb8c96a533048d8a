import {
  DEFAULT_TUNING,
  OFF_TOPIC_TEXTS,
  splitPassages,
  toUnit,
  type Embedder,
} from '@conversa/matching';
import type { MatchableAnswer, StoryfileMatcher } from '../storyfile-matcher.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';

/** The last snapshot taken of each cached matcher (taken again when its version moves). */
const taken = new WeakMap<StoryfileMatcher, MatcherSnapshot>();

/** The snapshot taken of this entry at its current version, if one was. */
export function heldSnapshot(entry: StoryfileMatcher): MatcherSnapshot | undefined {
  const previous = taken.get(entry);
  return previous?.version === entry.version ? previous : undefined;
}

/** An entry's texts that have sentence vectors, trimmed (every edit replaces its answers map). */
export interface EntryTexts {
  /** Each answer's question, alternates and learned questions. */
  phrasings: string[];
  /** Each answer's transcript's passages (`splitPassages`). */
  passages: string[];
}

const textsOfAnswers = new WeakMap<ReadonlyMap<string, MatchableAnswer>, EntryTexts>();

/**
 * The entry's phrasings and transcript passages, split once per version of its answers (the
 * vectors' preparation and the snapshot both need them; splitting 300 transcripts costs ms).
 */
export function listEntryTexts(entry: Pick<StoryfileMatcher, 'answers'>): EntryTexts {
  const known = textsOfAnswers.get(entry.answers);
  if (known) {
    return known;
  }
  const texts: EntryTexts = { phrasings: [], passages: [] };
  for (const answer of entry.answers.values()) {
    for (const text of [answer.text, ...answer.alternates, ...(answer.learned ?? [])]) {
      texts.phrasings.push(text.trim());
    }
    if (answer.transcript) {
      for (const passage of splitPassages(
        answer.transcript,
        DEFAULT_TUNING.transcriptPassageSentences,
      )) {
        texts.passages.push(passage.trim());
      }
    }
  }
  textsOfAnswers.set(entry.answers, texts);
  return texts;
}

/**
 * Every text whose vector a snapshot of this entry carries (trimmed, once each): the built-in
 * off-topic questions, each answer's phrasings and learned questions, its transcript's passages,
 * and what its visitors asked (`visitor-log.ts`).
 */
export function listSnapshotTexts(
  entry: Pick<StoryfileMatcher, 'answers' | 'visitorQuestions'>,
): Set<string> {
  const { phrasings, passages } = listEntryTexts(entry);
  return new Set([
    ...OFF_TOPIC_TEXTS,
    ...phrasings,
    ...passages,
    ...entry.visitorQuestions.map((text) => text.trim()),
  ]);
}

/**
 * The vectors as a snapshot carries them: the script's (every text but the built-in off-topic
 * questions) as unit vectors, packed in one SharedArrayBuffer. A scorer thread's matcher takes a
 * unit vector as it is, so it reads them in place: a snapshot sent to a thread is cloned without
 * copying them, and the event loop's snapshot and the thread's matcher hold one copy between them
 * (the cache counts it with the snapshot, the thread does not: `matcher-bytes.ts`; issue 69). The
 * built-in questions' stay the store's own arrays (pinned, the same in every snapshot; each thread
 * keeps one copy of them).
 */
export function packVectors(
  found: ReadonlyArray<[string, Float32Array]>,
): Array<[string, Float32Array]> {
  let length = 0;
  for (const [text, vector] of found) {
    length += OFF_TOPIC_TEXTS.has(text) ? 0 : vector.length;
  }
  const packed = new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
  let offset = 0;
  return found.map(([text, vector]) => {
    if (OFF_TOPIC_TEXTS.has(text)) {
      return [text, vector];
    }
    const view = packed.subarray(offset, offset + vector.length);
    view.set(toUnit(vector));
    offset += vector.length;
    return [text, view];
  });
}

/**
 * What a scorer worker builds this storyfile's matcher from (`scorer-worker.ts`): the answers,
 * settings and categories the cache read (with what it learned from visitors), and the vectors
 * `embedder` finds for every text the matcher embeds (`listSnapshotTexts`), packed to be shared
 * (`packVectors`). Taken once per version of the entry.
 */
export function takeMatcherSnapshot(
  entry: StoryfileMatcher,
  embedder: Embedder | undefined,
): MatcherSnapshot {
  const previous = heldSnapshot(entry);
  if (previous) {
    return previous;
  }
  const { answers, vectors } = readSnapshotParts(entry, embedder);
  const snapshot: MatcherSnapshot = {
    version: entry.version,
    embedderId: embedder ? (embedder.id ?? 'embedder') : null,
    threshold: entry.threshold,
    playRisk: entry.playRisk,
    categories: entry.categories,
    answers,
    visitorQuestions: entry.visitorQuestions,
    vectors: packVectors(vectors),
  };
  taken.set(entry, snapshot);
  return snapshot;
}

/**
 * What a snapshot of the entry would carry, its vectors the store's own arrays (not packed, not
 * kept): what the cache estimates a matcher built on the event loop by.
 */
export function readSnapshotParts(
  entry: StoryfileMatcher,
  embedder: Embedder | undefined,
): Pick<MatcherSnapshot, 'answers' | 'vectors' | 'visitorQuestions'> {
  const answers = [...entry.answers.values()].map((answer) => ({
    id: answer.questionId,
    question: answer.text,
    alternates: answer.alternates,
    isRecorded: answer.isRecorded,
    transcript: answer.transcript ?? '',
    learned: answer.learned ?? [],
  }));
  const vectors: Array<[string, Float32Array]> = [];
  if (embedder) {
    for (const text of listSnapshotTexts(entry)) {
      const vector = embedder.embed(text);
      if (vector) {
        vectors.push([text, vector]);
      }
    }
  }
  return { answers, vectors, visitorQuestions: entry.visitorQuestions };
}
